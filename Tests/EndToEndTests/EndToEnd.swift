import Testing

/// End-to-end tests of the real `settings-tui` binary in a real terminal (tmux), one isolated
/// tmux server, HOME and XDG folders per test. One at a time: each test drives a whole program.
@Suite(.serialized) struct EndToEnd {}
