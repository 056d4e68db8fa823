/// The languages whose clippings files this reads, each known by the words its metadata
/// lines use. A line in another language (Dutch, Russian) is still read when it names its
/// kind in one of these words; its language is then unknown.
public enum KindleLanguage: String, Sendable, CaseIterable, Comparable {
  case english = "English"
  case german = "German"
  case french = "French"
  case spanish = "Spanish"
  case italian = "Italian"
  case portuguese = "Portuguese"
  case japanese = "Japanese"
  case chinese = "Chinese"

  /// The language of a metadata line, lower-cased, by its "added on" words first (each
  /// language's own), then by the words that name a clipping.
  init?(metadataLine line: String) {
    for (language, words) in Self.addedWords where words.contains(where: line.contains) {
      self = language
      return
    }
    for (language, words) in Self.kindWords where words.contains(where: line.contains) {
      self = language
      return
    }
    return nil
  }

  private static let addedWords: [(KindleLanguage, [String])] = [
    (.english, ["added on"]), (.german, ["hinzugefügt"]), (.french, ["ajouté le"]),
    (.spanish, ["añadido"]), (.italian, ["aggiunto"]), (.portuguese, ["adicionado"]),
    (.japanese, ["作成日", "追加日"]), (.chinese, ["添加于", "已添加至"]),
  ]

  private static let kindWords: [(KindleLanguage, [String])] = [
    (.japanese, ["ハイライト", "ブックマーク", "メモ"]), (.chinese, ["标注", "笔记", "书签"]),
    (.german, ["markierung", "lesezeichen", "notiz"]), (.french, ["surlignement", "signet"]),
    (.spanish, ["subrayado"]), (.italian, ["evidenziazione", "segnalibro"]),
    (.portuguese, ["destaque"]), (.english, ["highlight", "bookmark"]),
  ]

  public static func < (lhs: KindleLanguage, rhs: KindleLanguage) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
