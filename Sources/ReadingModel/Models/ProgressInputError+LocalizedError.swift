#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ProgressInputError: LocalizedError {
  static let allowedForms =
    "Use a page (123), a percent (45% or 45.5%), pages from where you are (+20 or -5), "
    + "a time into a recording (3:25, +0:40), or done."

  public var errorDescription: String? {
    switch self {
    case .empty: "No progress given. \(Self.allowedForms)"
    case .notUnderstood(let text): "'\(text)' is not a progress value. \(Self.allowedForms)"
    case .percentAbove100(let value):
      "\(value.formatted())% is more than 100%. Use a percent from 0% to 100%, or done."
    case .negativePage(let page): "Page \(page) is before the first page; pages start at 0."
    case .pageBeyondEnd(let page, let count):
      "Page \(page) is past the last page (\(count)). Use a page from 0 to \(count), or done."
    case .pagesUnknown:
      "This book has no page count, so pages cannot be used. Give a percent instead (45%), "
        + "or give the book its pages: bookclub edit <book> --pages <count>."
    case .negativeTime(let seconds):
      "\(AudioLength.clock(-seconds)) before the start is no place; times start at 0:00."
    case .timeBeyondEnd(let seconds, let length):
      "\(AudioLength.clock(seconds)) is past the end of the recording (\(length.text)). "
        + "Use a time from 0:00 to \(length.text), or done."
    case .lengthUnknown:
      "This book has no length, so a time cannot be used. Give a percent instead (45%), "
        + "or give the book its length: bookclub edit <book> --length 11:42."
    }
  }
}

extension Double {
  /// `45`, `45.5`: no trailing `.0`.
  fileprivate func formatted() -> String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}
