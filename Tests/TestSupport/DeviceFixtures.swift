import Foundation

/// Files in the shapes e-readers write them, made here (never copied from anyone's device):
/// for the ingest's tests at both levels.
public enum DeviceFixtures {
  /// A file in three languages as a device writes it: a byte order mark, CRLF, a mark
  /// again at the start of an appended entry, a note holding the separator.
  public static let kindleThreeLanguages =
    "\u{FEFF}Dune (Herbert, Frank)\r\n"
    + "- Your Highlight on page 37 | Location 540-541 | Added on Tuesday, March 4, 2025 9:15:02 PM\r\n"
    + "\r\n"
    + "I must not fear. Fear is the mind-killer.\r\n"
    + "==========\r\n"
    + "Dune (Herbert, Frank)\r\n"
    + "- Your Note on page 37 | Location 541 | Added on Tuesday, March 4, 2025 9:16:40 PM\r\n"
    + "\r\n"
    + "The litany, again\r\n"
    + "==========\r\n"
    + "\u{FEFF}Der Process (Kafka, Franz)\r\n"
    + "- Ihre Markierung auf Seite 7 | bei Position 96-98 | Hinzugefügt am Freitag, 8. Mai 2020 17:23:22\r\n"
    + "\r\n"
    + "Jemand mußte Josef K. verleumdet haben.\r\n"
    + "==========\r\n"
    + "L'Étranger (Camus, Albert)\r\n"
    + "- Votre signet sur la page 12 | emplacement 150 | Ajouté le lundi 17 juin 2013 à 20:19:40\r\n"
    + "\r\n"
    + "\r\n"
    + "==========\r\n"
    + "L'Étranger (Camus, Albert)\r\n"
    + "- Votre note sur la page 14 | emplacement 171 | Ajouté le lundi 17 juin 2013 à 20:21:00\r\n"
    + "\r\n"
    + "A line of mine\r\n"
    + "==========\r\n"
    + "and more after ten equals\r\n"
    + "==========\r\n"
    + "this is not a clipping at all\r\n"
    + "==========\r\n"

  /// A mounted Kindle: `documents/My Clippings.txt` holding ``kindleThreeLanguages``.
  ///
  /// - Returns: The device's folder.
  public static func kindle(in folder: String, clippings: String = kindleThreeLanguages) throws
    -> String
  {
    let device = folder + "/kindle"
    try FileManager.default.createDirectory(
      atPath: device + "/documents", withIntermediateDirectories: true)
    try Data(clippings.utf8).write(to: URL(fileURLWithPath: device + "/documents/My Clippings.txt"))
    return device
  }
}
