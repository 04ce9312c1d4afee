import Foundation
import Testing

@testable import SoTubeServer

@Suite struct SubsonicEncodingTests {
    func sample() -> SubsonicElement {
        var song = SubsonicElement()
        song.set("id", "t1")
        song.set("title", "Rock & <Roll> \"live\" 'n'\u{1}\ttabs")
        song.set("track", 3)
        song.set("isDir", false)
        song.set("starred", nil as String?)
        var album = SubsonicElement()
        album.set("name", "Ёлка")
        album.add("song", list: [song])
        album.add("empty", list: [])
        album.add("folder", values: [1, 2])
        var genre = SubsonicElement()
        genre.set("songCount", 2)
        genre.text = "Jazz & Blues"
        album.add("genre", genre)
        return album
    }

    @Test func xmlEscapesTextAndDropsWhatXMLCannotHold() {
        var out = ""
        SubsonicEncoding.xml(sample(), name: "album", into: &out)
        #expect(
            out
                == "<album name=\"Ёлка\"><song id=\"t1\" title=\"Rock &amp; &lt;Roll&gt; &quot;live&quot; &apos;n&apos;&#9;tabs\" track=\"3\" isDir=\"false\"/>"
                + "<folder>1</folder><folder>2</folder><genre songCount=\"2\">Jazz &amp; Blues</genre></album>")
    }

    @Test func jsonHasTheSameDataWithTypesAndLists() throws {
        var out = ""
        SubsonicEncoding.json(sample(), into: &out)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Ёлка")
        let songs = try #require(object["song"] as? [[String: Any]])
        #expect(songs.count == 1)
        #expect(songs[0]["title"] as? String == "Rock & <Roll> \"live\" 'n'\u{1}\ttabs")
        #expect(songs[0]["track"] as? Int == 3)
        #expect(songs[0]["isDir"] as? Bool == false)
        #expect(songs[0]["starred"] == nil)
        #expect((object["empty"] as? [Any])?.isEmpty == true)
        #expect(object["folder"] as? [Int] == [1, 2])
        let genre = try #require(object["genre"] as? [String: Any])
        #expect(genre["value"] as? String == "Jazz & Blues" && genre["songCount"] as? Int == 2)
    }

    @Test func theEnvelopeSaysWhoAnswersInBothFormats() throws {
        let json = SubsonicResponder.failure(.badAPIKey, format: .json)
        #expect(json.status == .ok)
        #expect(json.headers[.contentType] == "application/json; charset=utf-8")
        let xml = SubsonicResponder.ok([], format: .xml)
        #expect(xml.headers[.contentType] == "application/xml; charset=utf-8")
        #expect(SubsonicResponder.format("json") == .json && SubsonicResponder.format(nil) == .xml)
    }

    @Test func datesAreISO8601WithMilliseconds() {
        #expect(SubsonicElement.timestamp(Date(timeIntervalSince1970: 1_700_000_000.25)) == "2023-11-14T22:13:20.250Z")
    }

    @Test func searchTreatsEmptyQuotedAndStarAsEverything() {
        for query in [nil, "", "\"\"", "''", "*", "  "] as [String?] {
            #expect(SubsonicListMethods.searchText(query) == nil)
        }
        #expect(SubsonicListMethods.searchText("\"wind\"") == "wind")
        #expect(SubsonicListMethods.searchText("bjork*") == "bjork")
    }

    @Test func indexLettersIgnoreArticles() {
        #expect(SubsonicItems.indexLetter("The Brass Ones") == "B")
        #expect(SubsonicItems.indexLetter("Éclair") == "E")
        #expect(SubsonicItems.indexLetter("50 Cent") == "#")
    }

    @Test func formBodiesAndQueriesDecode() {
        let pairs = SubsonicParameters.parse("u=al%20ice&p=enc%3A6869&id=1&id=2&q=a+b&empty")
        let parameters = SubsonicParameters(pairs)
        #expect(parameters.string("u") == "al ice")
        #expect(parameters.all("id") == ["1", "2"])
        #expect(parameters.string("q") == "a b")
        #expect(parameters.has("empty") && parameters.string("empty") == "")
        // Stray separators are skipped; a value may hold `=`; the first of a repeated name wins.
        let odd = SubsonicParameters(SubsonicParameters.parse("&&a=1&&b&c=x=y&a=2&"))
        #expect(odd.all("a") == ["1", "2"] && odd.string("a") == "1")
        #expect(odd.has("b") && odd.string("b") == "" && odd.string("c") == "x=y")
        #expect(!odd.has("") && !odd.has("d"))
    }

    @Test func escapesDecodeToUTF8AndMalformedOnesStayAsWritten() {
        let pairs = SubsonicParameters.parse("q=Bj%C3%B6rk&plus=1%2B1&bad=100%&odd=%zz+x&bytes=%FF%FE&%71=named")
        let parameters = SubsonicParameters(pairs)
        #expect(parameters.string("q") == "Björk")
        #expect(parameters.string("plus") == "1+1")
        #expect(parameters.string("bad") == "100%")
        #expect(parameters.string("odd") == "%zz x")
        #expect(parameters.string("bytes") == "%FF%FE")
        #expect(parameters.all("q") == ["Björk", "named"])
    }
}
