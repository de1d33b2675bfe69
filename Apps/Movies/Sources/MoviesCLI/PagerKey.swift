import Terminal

/// What a key asks the interactive pager to do.
///
/// | Key                  | Command             |
/// |----------------------|---------------------|
/// | space, `n`, ↓        | ``nextPage``        |
/// | `r`                  | ``reload``  |
/// | `?`                  | ``toggleHelp``      |
/// | `q`, Control-D       | ``quit``            |
/// | Control-C            | ``interrupt``       |
///
/// Any other key does nothing (but closes the help overlay).
enum PagerKey: Equatable {
  /// Send `.nextPage`.
  case nextPage
  /// Send `.reload`: the feature retries a failed page, or else refreshes.
  case reload
  /// Show or hide the help overlay.
  case toggleHelp
  /// Leave, exit status 0.
  case quit
  /// Leave, exit status 130, as a shell reports an interrupted program.
  case interrupt

  /// The command `key` stands for, or `nil` for a key with none.
  ///
  /// - Parameter key: The key pressed.
  init?(_ key: Key) {
    switch key {
    case .character(" "), .character("n"), .down: self = .nextPage
    case .character("r"): self = .reload
    case .character("?"): self = .toggleHelp
    case .character("q"), .ctrlD: self = .quit
    case .ctrlC: self = .interrupt
    default: return nil
    }
  }
}
