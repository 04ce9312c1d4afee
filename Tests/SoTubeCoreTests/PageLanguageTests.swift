import SoTubeCore
import Testing

/// Which language a server-rendered page is written in, and Russian's plural forms.
@Suite struct PageLanguageTests {
    @Test func theLinkThenTheCookieThenTheBrowserChoose() {
        #expect(PageLanguage.choose(query: "ru", cookieHeader: "sotube_lang=en", acceptLanguage: "en") == .ru)
        #expect(PageLanguage.choose(query: "xx", cookieHeader: "a=1; sotube_lang=ru", acceptLanguage: "en") == .ru)
        #expect(PageLanguage.choose(query: nil, cookieHeader: nil, acceptLanguage: "de, ru-RU;q=0.9, en;q=0.8") == .ru)
        #expect(PageLanguage.choose(query: nil, cookieHeader: nil, acceptLanguage: "en;q=0.4, ru;q=0.3") == .en)
        #expect(PageLanguage.choose(query: nil, cookieHeader: nil, acceptLanguage: "ru;q=0, fr") == .en)
        #expect(PageLanguage.choose(query: nil, cookieHeader: "sotube_lang=de", acceptLanguage: nil) == .en)
        #expect(PageLanguage.preferred("ru;q=abc") == nil, "an unreadable weight counts as 0")
    }

    @Test func russianHasThreeFormsOfCoins() {
        #expect(PageLanguage.ru.coins(1) == "1 монета" && PageLanguage.ru.coins(21) == "21 монета")
        #expect(PageLanguage.ru.coins(3) == "3 монеты" && PageLanguage.ru.coins(24) == "24 монеты")
        #expect(PageLanguage.ru.coins(11) == "11 монет" && PageLanguage.ru.coins(14) == "14 монет")
        #expect(PageLanguage.ru.coins(5) == "5 монет" && PageLanguage.ru.coins(0) == "0 монет")
        #expect(PageLanguage.en.coins(1) == "1 coin" && PageLanguage.en.coins(13) == "13 coins")
    }
}
