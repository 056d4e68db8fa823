import Foundation
import TestSupport
import Testing

@testable import ReadingModel

/// `My Clippings.txt` as Kindles write it: eight languages, old and new firmware, byte order
/// marks, CRLF, UTF-16, notes holding the separator, and entries that are no entry.
@Suite struct KindleClippingsTests {
  static func clippings(_ text: String) -> KindleClippings {
    KindleClippings(bytes: Array(text.utf8))
  }

  static func time(_ text: String) -> KindleTime? { KindleTime(clippingDate: text) }

  static func at(_ day: String, _ h: Int, _ m: Int, _ s: Int) -> KindleTime {
    KindleTime(day: CalendarDay(day)!, secondOfDay: h * 3600 + m * 60 + s)
  }

  @Test func datesAreReadInEveryLanguage() {
    let cases: [(String, KindleTime)] = [
      (" Added on Tuesday, March 4, 2021 12:34:56 PM", Self.at("2021-03-04", 12, 34, 56)),
      (" Added on Tuesday, March 4, 2021 12:04:56 AM", Self.at("2021-03-04", 0, 4, 56)),
      (" Added on Monday, October 19, 2020 7:32:56 PM", Self.at("2020-10-19", 19, 32, 56)),
      (" Added on Sunday, 18 February 2018 22:30:47", Self.at("2018-02-18", 22, 30, 47)),
      (" Added on Saturday, April 30, 2011, 08:37 AM", Self.at("2011-04-30", 8, 37, 0)),
      (" Added on Friday, 6 July 12 07:37:42 GMT+01:00", Self.at("2012-07-06", 7, 37, 42)),
      (" Hinzugefügt am Freitag, 8. Oktober 2021 20:06:02", Self.at("2021-10-08", 20, 6, 2)),
      (
        " Hinzugefügt am Dienstag, 26. November 2013 um 19:56:11 Uhr",
        Self.at("2013-11-26", 19, 56, 11)
      ),
      (" Hinzugefügt am Montag, 3. März 2014 09:01:00", Self.at("2014-03-03", 9, 1, 0)),
      (" Ajouté le mercredi 16 août 2017 02:14:10", Self.at("2017-08-16", 2, 14, 10)),
      (" Ajouté le lundi 17 juin 2013 à 20:19:15", Self.at("2013-06-17", 20, 19, 15)),
      (" Añadido el sábado, 12 de octubre de 2019 0:37:31", Self.at("2019-10-12", 0, 37, 31)),
      (" Añadido el lunes 17 de junio de 2013, 20:13:12", Self.at("2013-06-17", 20, 13, 12)),
      (" Aggiunto in data lunedì 8 marzo 2021 22:52:57", Self.at("2021-03-08", 22, 52, 57)),
      (" Aggiunto in data lunedì 17 giugno 13, 20:23:44", Self.at("2013-06-17", 20, 23, 44)),
      (
        " Adicionado: sexta-feira, 29 de novembro de 2019 18:00:13",
        Self.at("2019-11-29", 18, 0, 13)
      ),
      ("作成日: 2022年5月28日土曜日 13:21:54", Self.at("2022-05-28", 13, 21, 54)),
      (" 追加日： 2013年6月17日 (月曜日) 20:31:09", Self.at("2013-06-17", 20, 31, 9)),
      (" 添加于 2023年2月9日星期四 下午6:35:21", Self.at("2023-02-09", 18, 35, 21)),
      (" 添加于 2023年2月14日星期二 上午5:15:57", Self.at("2023-02-14", 5, 15, 57)),
      (" 已添加至 2013年6月17日 星期一 22:27:30", Self.at("2013-06-17", 22, 27, 30)),
    ]
    for (text, expected) in cases {
      #expect(Self.time(text) == expected, "\(text)")
    }
  }

  @Test func datesThatNameNoRealDayAreUnknown() {
    for text in [
      " Added on", " Added on Someday 12:00:00", " Added on February 30, 2021 10:00:00",
      " Added on March 4, 2021 25:61:00", "2023年13月1日 10:00:00", "",
      "12345678901年1月1日 12:00:00",  // once an overflow
    ] {
      #expect(Self.time(text) == nil, "\(text)")
    }
  }

  @Test func metadataLinesGiveKindPageAndLocation() throws {
    let cases: [(String, KindleClipping.Kind, String?, ClosedRange<Int>?, KindleLanguage?)] = [
      (
        "- Your Highlight on page 1 | Location 755-756 | Added on Monday, October 19, 2020 7:32:56 PM",
        .highlight, "1", 755...756, .english
      ),
      (
        "- Your Note at location 1971 | Added on Wednesday, 6 January 2021 14:22:58", .note, nil,
        1971...1971, .english
      ),
      (
        "- Your Bookmark on page 136 | location 2543 | Added on Monday, 26 February 2018 11:00:31",
        .bookmark, "136", 2543...2543, .english
      ),
      (
        "- Your Highlight on page xvi-xvi | Added on Monday, April 18, 2016 7:28:27 AM", .highlight,
        "xvi", nil, .english
      ),
      (
        "- Highlight Loc. 143-46  | Added on Friday, 6 July 12 07:37:42 GMT+01:00", .highlight, nil,
        143...146, .english
      ),
      (
        "- Ihre Markierung auf Seite 28 | bei Position 284-286 | Hinzugefügt am Freitag, 8. Oktober 2021 20:06:02",
        .highlight, "28", 284...286, .german
      ),
      (
        "- Ihr Lesezeichen auf Seite 222 | Position 3393 | Hinzugefügt am Montag, 17. Juni 2013 um 22:32:42 Uhr",
        .bookmark, "222", 3393...3393, .german
      ),
      (
        "- Votre surlignement sur la page 200 | emplacement 3054-3056 | Ajouté le mercredi 16 août 2017 02:14:10",
        .highlight, "200", 3054...3056, .french
      ),
      (
        "- Tu subrayado en la posición 3116-3117 | Añadido el jueves, 1 de octubre de 2015 20:05:20",
        .highlight, nil, 3116...3117, .spanish
      ),
      (
        "- Mi nota en la página 222 | Posición 3394 | Añadido el lunes 17 de junio de 2013, 20:13:12",
        .note, "222", 3394...3394, .spanish
      ),
      (
        "-  La tua evidenziazione alla posizione 453-454 | Aggiunto in data lunedì 8 marzo 2021 22:52:57",
        .highlight, nil, 453...454, .italian
      ),
      (
        "- Seu destaque ou posição 2829-2829 | Adicionado: sexta-feira, 29 de novembro de 2019 18:00:13",
        .highlight, nil, 2829...2829, .portuguese
      ),
      (
        "- Sua nota na página 333 | posição 2640 | Adicionado: segunda-feira, 11 de julho de 2022 15:36:04",
        .note, "333", 2640...2640, .portuguese
      ),
      (
        "- 26ページ|位置No. 295-296のハイライト |作成日: 2023年9月4日月曜日 22:53:55", .highlight, "26",
        295...296, .japanese
      ),
      (
        "- ハイライト ページ222 | 位置No. 3396-3396 | 追加日： 2013年6月17日 (月曜日) 20:31:09", .highlight,
        "222", 3396...3396, .japanese
      ),
      (
        "- 您在第 25 页（位置 #243-244）的标注 | 添加于 2023年2月14日星期二 上午5:15:57", .highlight, "25",
        243...244, .chinese
      ),
      (
        "- 您在位置 #2544 的笔记 | 添加于 2023年2月9日星期四 下午6:36:38", .note, nil, 2544...2544,
        .chinese
      ),
      (
        "- Your Highlight on page 1,204 | Location 18,004-18,010 | Added on Monday, October 19, 2020 7:32:56 PM",
        .highlight, "1204", 18004...18010, .english
      ),
    ]
    for (line, kind, page, location, language) in cases {
      let metadata = try #require(KindleMetadataLine(line), "\(line)")
      #expect(metadata.kind == kind, "\(line)")
      #expect(metadata.page == page, "\(line)")
      #expect(metadata.location == location, "\(line)")
      #expect(metadata.language == language, "\(line)")
      #expect(metadata.added != nil, "\(line)")
    }
    #expect(KindleMetadataLine("Just a line of text | with a bar") == nil)
    #expect(KindleMetadataLine("- Something else entirely | Added on May 1, 2020 10:00") == nil)
  }

  @Test func titleLinesGiveTitleAndAuthorsFirstNameFirst() {
    let cases: [(String, String, [String])] = [
      ("Dune (Herbert, Frank)", "Dune", ["Frank Herbert"]),
      (
        "The Left Hand of Darkness (Ursula K. Le Guin)", "The Left Hand of Darkness",
        ["Ursula K. Le Guin"]
      ),
      (
        "Cien años de soledad (Spanish Edition) (García Márquez, Gabriel)",
        "Cien años de soledad (Spanish Edition)", ["Gabriel García Márquez"]
      ),
      ("Field Guide (Amazon (Editors))", "Field Guide", ["Amazon (Editors)"]),
      ("星を継ぐもの (ホーガン;池 央耿)", "星を継ぐもの", ["ホーガン", "池 央耿"]),
      ("notes-2019.pdf", "notes-2019.pdf", []),
      ("(Only Parentheses)", "(Only Parentheses)", []),
      ("Unbalanced (Author", "Unbalanced (Author", []),
    ]
    for (line, title, authors) in cases {
      let parsed = KindleTitleLine(line)
      #expect(parsed.title == title, "\(line)")
      #expect(parsed.authors == authors, "\(line)")
    }
  }

  static let threeLanguages = DeviceFixtures.kindleThreeLanguages

  @Test func aFileInThreeLanguagesIsReadWhole() throws {
    let file = Self.clippings(Self.threeLanguages)
    #expect(file.languages == [.english, .german, .french])
    #expect(file.clippings.map(\.kind) == [.highlight, .note, .highlight, .bookmark, .note])
    #expect(
      file.clippings.map(\.title) == ["Dune", "Dune", "Der Process", "L'Étranger", "L'Étranger"])
    #expect(file.clippings[0].authors == ["Frank Herbert"])
    #expect(file.clippings[0].text == "I must not fear. Fear is the mind-killer.")
    #expect(file.clippings[0].added == Self.at("2025-03-04", 21, 15, 2))
    #expect(file.clippings[2].pageNumber == 7)
    #expect(file.clippings[2].line == 11)
    #expect(file.clippings[3].text.isEmpty)
    // The note held lines of ten `=`: what follows each is no entry and is put back on it.
    #expect(
      file.clippings[4].text
        == "A line of mine\n==========\nand more after ten equals\n==========\n"
        + "this is not a clipping at all")
    #expect(file.problems == [])
    #expect(!file.hadInvalidText)
  }

  @Test func anEntryWithNoNoteBeforeItIsAProblemWithItsLine() {
    let file = Self.clippings("stray words\n==========\n")
    #expect(file.clippings.isEmpty)
    #expect(file.problems.map(\.line) == [1])
    let afterBookmark = Self.clippings(
      "Book (A. Writer)\n- Your Bookmark on page 3 | Added on May 1, 2020 10:00:00\n\n\n"
        + "==========\n\nstray words\n==========\n")
    #expect(afterBookmark.clippings.map(\.kind) == [.bookmark])
    #expect(afterBookmark.problems.map(\.line) == [7])
  }

  @Test func utf16FilesWithEitherByteOrderAndMixedLineEndsReadTheSame() {
    let text = Self.threeLanguages.replacingOccurrences(of: "\r\n==========", with: "\n==========")
    let expected = Self.clippings(Self.threeLanguages).clippings.map(\.text)
    var little: [UInt8] = [0xFF, 0xFE]
    var big: [UInt8] = [0xFE, 0xFF]
    for unit in text.utf16 {
      little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
    }
    #expect(KindleClippings(bytes: little).clippings.map(\.text) == expected)
    #expect(KindleClippings(bytes: big).clippings.map(\.text) == expected)
    let classicMac = text.replacingOccurrences(of: "\r\n", with: "\r")
    #expect(Self.clippings(classicMac).clippings.map(\.text) == expected)
  }

  @Test func bytesThatAreNoTextAreMarkedNotDropped() {
    var bytes = Array(Self.threeLanguages.utf8)
    bytes.insert(0xC3, at: 60)  // a lead byte without its continuation
    let file = KindleClippings(bytes: bytes)
    #expect(file.hadInvalidText)
    #expect(file.clippings.count == 5)
  }
}
