/// What a component did with a key (gitui's `EventState`): the one with the keys gets each
/// key first and passes on what it does not take, to the one behind it.
enum Handled: Equatable {
  /// Not this component's key: the next in line gets it.
  case passed
  /// Taken, doing `action`; `nil` for text typed into a field or a key an overlay swallows.
  case handled(BrowserAction?)
  /// Taken; `action` reaches past the component (open a book, submit a prompt, quit), and
  /// the model does it.
  case request(BrowserAction)
}
