#!/usr/bin/env bash
# Crash-safety rounds for settings-tui: start a save, SIGKILL it after a random
# 0..MAX_DELAY ms, then check settings.json / clients.sqlite and that the next
# normal save succeeds.
#
# Usage: kill-rounds.sh [ROUNDS=250] [SEED=random]
# Env:   BIN (default: the release build, .build/release/settings-tui: run `make release`
#        first), OUT (default: a new temporary folder, printed at the end),
#        MAX_DELAY_MS (default 30), PAIR_EVERY (default 5: every 5th round runs two saves
#        of the same kind at once and kills one of them; 0 disables).
set -euo pipefail
ROUNDS="${1:-250}"
SEED="${2:-$RANDOM$RANDOM}"
export KR_ROUNDS="$ROUNDS" KR_SEED="$SEED"
export KR_BIN="${BIN:-$(cd "$(dirname "$0")/.." && pwd)/.build/release/settings-tui}"
export KR_OUT="${OUT:-$(mktemp -d /tmp/kill-rounds.XXXXXX)}"
export KR_MAX_DELAY_MS="${MAX_DELAY_MS:-30}"
export KR_PAIR_EVERY="${PAIR_EVERY:-5}"
exec python3 - <<'PY'
import json, os, random, signal, sqlite3, statistics, subprocess, sys, time

ROUNDS = int(os.environ["KR_ROUNDS"]); SEED = int(os.environ["KR_SEED"])
BIN = os.environ["KR_BIN"]; OUT = os.environ["KR_OUT"]
MAXD = float(os.environ["KR_MAX_DELAY_MS"]) / 1000.0
PAIR_EVERY = int(os.environ["KR_PAIR_EVERY"])
rng = random.Random(SEED)

home = os.path.join(OUT, "home")
env = dict(os.environ)
for k in list(env):
    if k.startswith("KR_"): del env[k]
env.update(HOME=home, XDG_CONFIG_HOME=f"{home}/.config", XDG_DATA_HOME=f"{home}/.local/share",
           XDG_STATE_HOME=f"{home}/.local/state", XDG_CACHE_HOME=f"{home}/.cache",
           TERM="dumb", NO_COLOR="1")
os.makedirs(home, exist_ok=True)
CFG = f"{home}/.config/settings-tui"; SETTINGS = f"{CFG}/settings.json"
DATA = f"{home}/.local/share/settings-tui"; DB = f"{DATA}/clients.sqlite"
KEYS = {"digest", "displayName", "enableNotifications", "protectMyPosts",
        "sendEmailNotifications", "sendMobileNotifications"}
log = open(os.path.join(OUT, "rounds.jsonl"), "w")
counter = 0

def argv(kind, tag):
    global counter
    if kind == "settings":
        return [BIN, "settings", "--no-input", "--set", f"displayName={tag}", "--set", "protectMyPosts=true"], tag
    counter += 1
    email = f"c{counter}@example.org"
    return [BIN, "client", "--no-input", "--set", f"name={tag}", "--set", f"email={email}", "--set", "age=30"], email

def start(cmd):
    return subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)

def run(cmd, timeout=60):
    t = time.monotonic()
    try:
        p = subprocess.run(cmd, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
        return p.returncode, time.monotonic() - t, p.stderr.decode(errors="replace").strip()
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - t, f"no exit within {timeout}s"

def listdir(d):
    try: return sorted(os.listdir(d))
    except FileNotFoundError: return []

def read_settings():
    """None if missing; dict or raises ValueError with detail."""
    if not os.path.exists(SETTINGS): return None
    raw = open(SETTINGS, "rb").read()
    try: obj = json.loads(raw)
    except Exception as e: raise ValueError(f"invalid JSON ({e}); {len(raw)} bytes: {raw[:200]!r}")
    if not isinstance(obj, dict) or set(obj) != KEYS:
        raise ValueError(f"unexpected keys: {sorted(obj) if isinstance(obj, dict) else type(obj)}")
    return obj

def check_db():
    """Returns (problems, clients list or None)."""
    probs = []
    if not os.path.exists(DB): return probs, []
    r = subprocess.run(["sqlite3", DB, "PRAGMA integrity_check"], capture_output=True, text=True)
    if r.returncode != 0 or r.stdout.strip() != "ok":
        probs.append(f"integrity_check rc={r.returncode} out={r.stdout.strip()!r} err={r.stderr.strip()!r}")
    r = subprocess.run([BIN, "clients"], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        probs.append(f"'clients' rc={r.returncode} err={r.stderr.strip()!r}"); return probs, None
    try: cl = json.loads(r.stdout)
    except Exception as e:
        probs.append(f"'clients' invalid JSON: {e}: {r.stdout[:200]!r}"); return probs, None
    return probs, cl

# Baseline (un-killed) saves so both files exist; the very first run is timed separately.
rc, first_t, err = run(argv("settings", "base0")[0])
assert rc == 0, err
cmd, base_email = argv("client", "base0")
rc, first_client_t, err = run(cmd); assert rc == 0, err
prev_name = "base0"; prev_emails = {base_email}

stats = dict(rounds=0, processes_killed_target=0, kill_interrupted=0, kill_after_exit=0,
             killed_nonzero_self_exit=0, pair_rounds=0, pair_partner_fail=0,
             rounds_with_journal_after_kill=0, rounds_creating_new_tmp=0,
             settings_changed_by_killed=0, client_kept_from_killed=0, failures=[])
by_kind = {"settings": {"interrupted": 0, "after_exit": 0}, "client": {"interrupted": 0, "after_exit": 0}}
normal_times = {"settings": [], "client": []}
killed_delays = {"interrupted": [], "after_exit": []}

def fail(rnd, what, extra=None):
    stats["failures"].append(dict(round=rnd, what=what, **(extra or {})))
    print(f"FAIL round {rnd}: {what} {extra or ''}", file=sys.stderr, flush=True)

seen_tmp = set()
t_start = time.monotonic()
for rnd in range(1, ROUNDS + 1):
    kind = "settings" if rnd % 2 else "client"
    pair = PAIR_EVERY > 0 and rnd % PAIR_EVERY == 0
    delay = rng.uniform(0, MAXD)
    rec = dict(round=rnd, kind=kind, pair=pair, delay_ms=round(delay * 1000, 2))
    cmd, ident = argv(kind, f"k{rnd}")
    attempted = {ident}
    partner = None
    if pair:
        pcmd, pident = argv(kind, f"p{rnd}")
        attempted.add(pident)
        order = rng.random() < 0.5  # which one is started first
        if order: partner = start(pcmd)
    p = start(cmd)
    if pair and not order: partner = start(pcmd)
    time.sleep(delay)
    p.send_signal(signal.SIGKILL)          # harmless no-op if it already exited (zombie, not reaped yet)
    rc = p.wait(); p.stdout.close(); perr = p.stderr.read().decode(errors="replace").strip(); p.stderr.close()
    stats["processes_killed_target"] += 1
    if rc == -signal.SIGKILL:
        stats["kill_interrupted"] += 1; by_kind[kind]["interrupted"] += 1; killed_delays["interrupted"].append(delay)
        rec["killed"] = "interrupted"
    else:
        stats["kill_after_exit"] += 1; by_kind[kind]["after_exit"] += 1; killed_delays["after_exit"].append(delay)
        rec["killed"] = f"after_exit rc={rc}"
        if rc != 0:
            stats["killed_nonzero_self_exit"] += 1
            fail(rnd, "target exited on its own with non-zero rc before kill", dict(rc=rc, stderr=perr))
    if partner is not None:
        stats["pair_rounds"] += 1
        try: prc = partner.wait(timeout=60)
        except subprocess.TimeoutExpired:
            partner.kill(); prc = "timeout"
        perr2 = partner.stderr.read().decode(errors="replace").strip()
        partner.stdout.close(); partner.stderr.close()
        rec["partner_rc"] = prc
        if prc != 0:
            stats["pair_partner_fail"] += 1
            fail(rnd, "concurrent un-killed partner save failed", dict(rc=prc, stderr=perr2))

    # State right after the kill, before anything (sqlite3 CLI would roll back a hot journal).
    cfg_ls, data_ls = listdir(CFG), listdir(DATA)
    tmp = [f for f in cfg_ls if f.startswith(".settings.json.") and f != ".settings.json.lock"]
    stray = [f for f in data_ls if f != "clients.sqlite"]
    rec["tmp_after_kill"] = tmp; rec["data_stray_after_kill"] = stray
    new_tmp = sorted(set(tmp) - seen_tmp); seen_tmp.update(tmp)
    if new_tmp: stats["rounds_creating_new_tmp"] += 1; rec["new_tmp"] = new_tmp
    if stray: stats["rounds_with_journal_after_kill"] += 1

    # Check 1: settings.json
    try:
        s = read_settings()
        if s is None: fail(rnd, "settings.json missing after kill")
        else:
            ok_names = {prev_name} | ({ident} if kind == "settings" else set()) | (attempted if kind == "settings" else set())
            if s["displayName"] not in ok_names:
                fail(rnd, "settings.json displayName neither old nor attempted", dict(got=s["displayName"], ok=sorted(ok_names)))
            elif s["displayName"] != prev_name:
                stats["settings_changed_by_killed"] += 1
            if s["protectMyPosts"] is not True: fail(rnd, "protectMyPosts not true", dict(got=s))
            prev_name = s["displayName"]
    except ValueError as e:
        fail(rnd, "settings.json invalid after kill", dict(detail=str(e)))
    # Check 2: database
    probs, cl = check_db()
    for pr in probs: fail(rnd, "db check after kill", dict(detail=pr))
    if cl is not None:
        emails = {c.get("email") for c in cl}
        allowed = prev_emails | (attempted if kind == "client" else set())
        if not prev_emails <= emails: fail(rnd, "clients lost", dict(missing=sorted(prev_emails - emails)))
        if not emails <= allowed: fail(rnd, "unexpected clients", dict(extra=sorted(emails - allowed)))
        bad = [c for c in cl if c.get("age") != 30 or not c.get("name")]
        if bad: fail(rnd, "bad client rows", dict(rows=bad))
        if kind == "client" and ident in emails: stats["client_kept_from_killed"] += 1
        prev_emails = emails

    # Check 3: next normal save of the same kind
    ncmd, nident = argv(kind, f"n{rnd}")
    nrc, nt, nerr = run(ncmd)
    rec["next_rc"] = nrc; rec["next_s"] = round(nt, 4)
    if nrc != 0:
        fail(rnd, f"next normal {kind} save failed", dict(rc=nrc, stderr=nerr))
    else:
        normal_times[kind].append(nt)
        if kind == "settings":
            try:
                s = read_settings()
                if not s or s["displayName"] != nident: fail(rnd, "normal save not visible", dict(got=s))
                else: prev_name = nident
            except ValueError as e: fail(rnd, "settings.json invalid after normal save", dict(detail=str(e)))
        else:
            probs, cl = check_db()
            for pr in probs: fail(rnd, "db check after normal save", dict(detail=pr))
            if cl is not None:
                emails = {c.get("email") for c in cl}
                if nident not in emails: fail(rnd, "normal client not visible", dict(email=nident))
                prev_emails = emails
    stats["rounds"] += 1
    log.write(json.dumps(rec) + "\n"); log.flush()
    if rnd % 50 == 0:
        print(f"  round {rnd}/{ROUNDS}: interrupted={stats['kill_interrupted']} after_exit={stats['kill_after_exit']} failures={len(stats['failures'])}", file=sys.stderr, flush=True)

elapsed = time.monotonic() - t_start
# Final leftovers
now = time.time()
def ages(d, names): return {f: round(now - os.lstat(os.path.join(d, f)).st_mtime, 1) for f in names}
cfg_ls, data_ls = listdir(CFG), listdir(DATA)
tmp = [f for f in cfg_ls if f.startswith(".settings.json.") and f != ".settings.json.lock"]
other_cfg = [f for f in cfg_ls if f not in tmp and f not in ("settings.json", ".settings.json.lock")]
stray = [f for f in data_ls if f != "clients.sqlite"]
ms = lambda xs: round(statistics.median(xs) * 1000, 1) if xs else None
summary = dict(
    seed=SEED, bin=BIN, out=OUT, max_delay_ms=MAXD * 1000, pair_every=PAIR_EVERY, elapsed_s=round(elapsed, 1),
    **{k: v for k, v in stats.items() if k != "failures"},
    kills_by_kind=by_kind,
    killed_delay_ms_median=dict(interrupted=ms(killed_delays["interrupted"]), after_exit=ms(killed_delays["after_exit"])),
    killed_delay_ms_range_interrupted=[ms([min(killed_delays["interrupted"])]), ms([max(killed_delays["interrupted"])])] if killed_delays["interrupted"] else None,
    first_ever_run_s=dict(settings=round(first_t, 3), client=round(first_client_t, 3)),
    normal_save_ms=dict(settings_median=ms(normal_times["settings"]), client_median=ms(normal_times["client"]),
                        settings_n=len(normal_times["settings"]), client_n=len(normal_times["client"]),
                        settings_max=ms([max(normal_times["settings"])]) if normal_times["settings"] else None,
                        client_max=ms([max(normal_times["client"])]) if normal_times["client"] else None),
    final_tmp_files=len(tmp), final_tmp_ages_s=ages(CFG, tmp),
    final_tmp_sizes={f: os.path.getsize(os.path.join(CFG, f)) for f in tmp}, final_other_cfg_files=other_cfg,
    final_data_stray=ages(DATA, stray), final_clients=len(prev_emails),
    failures=stats["failures"])
json.dump(summary, open(os.path.join(OUT, "summary.json"), "w"), indent=2)
print(json.dumps(summary, indent=2))
sys.exit(1 if stats["failures"] else 0)
PY
