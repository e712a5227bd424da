import ComposableForms
import SettingsFeatures

/// Figure 1: actions per second through the real `Store`, bindings versus the long way.
@MainActor
func benchmarkStoreThroughput(_ report: Report) {
  print("1. Store throughput")
  let names = ["Blob", "Blob Jr", "Blob Sr", "Blobby"]
  let digests = Digest.allCases.map { $0 }
  let batch = 20_000

  // Text edits only: the display name, as a person types.
  let bindingStore = Store(initialState: SettingsForm.State()) { SettingsForm() }
  let bindingText = measure(batch: batch) { i in
    bindingStore.send(.binding(.set(\.$displayName, names[i & 3])))
  }
  let longStore = Store(initialState: SettingsLongWay.State()) { SettingsLongWay() }
  let longText = measure(batch: batch) { i in
    longStore.send(.displayNameChanged(names[i & 3]))
  }

  // A mix of every kind of control (no effect-starting toggle: that measures the effect runner).
  let bindingMixStore = Store(initialState: SettingsForm.State()) { SettingsForm() }
  let bindingMix = measure(batch: batch) { i in
    switch i & 3 {
    case 0: bindingMixStore.send(.binding(.set(\.$displayName, names[(i >> 2) & 3])))
    case 1: bindingMixStore.send(.binding(.set(\.$digest, digests[(i >> 2) % digests.count])))
    case 2: bindingMixStore.send(.binding(.set(\.$protectMyPosts, (i >> 2) & 1 == 0)))
    default: bindingMixStore.send(.binding(.set(\.$sendMobileNotifications, (i >> 2) & 1 == 0)))
    }
  }
  let longMixStore = Store(initialState: SettingsLongWay.State()) { SettingsLongWay() }
  let longMix = measure(batch: batch) { i in
    switch i & 3 {
    case 0: longMixStore.send(.displayNameChanged(names[(i >> 2) & 3]))
    case 1: longMixStore.send(.digestChanged(digests[(i >> 2) % digests.count]))
    case 2: longMixStore.send(.protectMyPostsChanged((i >> 2) & 1 == 0))
    default: longMixStore.send(.sendMobileNotificationsChanged((i >> 2) & 1 == 0))
    }
  }

  // The client form: name (text) and age (stepper, clamped by the feature). The email field
  // starts a debounced uniqueness check per edit, which measures the effect runner instead.
  let clientStore = Store(initialState: ClientForm.State()) { ClientForm() }
  let clientNames = ["Ada", "Ada L", "Ada Lo", "Ada Lov"]
  let client = measure(batch: batch) { i in
    if i & 1 == 0 {
      clientStore.send(.binding(.set(\.$name, clientNames[(i >> 1) & 3])))
    } else {
      clientStore.send(.binding(.set(\.$age, 18 + (i >> 1) & 15)))
    }
  }

  report.add("1", "Settings, binding, display name text", rateAndTime(bindingText))
  report.add("1", "Settings, long way, display name text", rateAndTime(longText))
  let textRatio = bindingText.median / longText.median
  report.add("1", "  binding / long way (text)", fixed(textRatio, 2) + "x", target: "")
  report.add("1", "Settings, binding, mixed controls", rateAndTime(bindingMix))
  report.add("1", "Settings, long way, mixed controls", rateAndTime(longMix))
  let mixRatio = bindingMix.median / longMix.median
  report.add("1", "  binding / long way (mixed)", fixed(mixRatio, 2) + "x", target: "")
  report.add("1", "Client, binding, name + age", rateAndTime(client))
}

func rateAndTime(_ measurement: Measurement) -> String {
  "\(formatRate(measurement.operationsPerSecond)) (median \(formatNanoseconds(measurement.median)), p90 \(formatNanoseconds(measurement.p90)))"
}
