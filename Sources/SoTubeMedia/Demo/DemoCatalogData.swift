/// The invented demo catalog: artists, albums, song titles, lyrics, release dates.
public enum DemoCatalogData {
    public struct Artist: Sendable {
        public var name: String
        public var bio: String
    }

    public struct Album: Sendable {
        public var artist: Int
        public var title: String
        public var mood: String
        public var genre: String
        public var releaseDate: String
        public var titles: [String]
    }

    public static let moods = ["Chill", "Energetic", "Melancholy", "Focus", "Party"]

    public static let artists: [Artist] = [
        Artist(
            name: "Northern Lights Orchestra",
            bio:
                "A loose collective of synth players from Tromsø who record only during the polar night. "
                + "Their slow, glowing pieces are built from warm pads and patient melodies."),
        Artist(
            name: "Ёлка Дуэт",
            bio: "Два голоса и старый синтезатор: дуэт из Екатеринбурга пишет тихие зимние песни. "
                + "A Yekaterinburg duo writing quiet winter songs on a borrowed synthesizer."),
        Artist(
            name: "Sigur Rós Tribute",
            bio:
                "An Icelandic-inspired ensemble that turns glacial landscapes into long, swelling hymns. "
                + "Not affiliated with the band they admire."),
        Artist(
            name: "Neon Harbor",
            bio: "Night-drive synthwave from a port city that never sleeps: arpeggios, gated drums and "
                + "a saw lead that refuses to slow down."),
        Artist(
            name: "The Velvet Foxes",
            bio: "Six-piece funk band known for hour-long sets, tight horn-style synth stabs and a bass "
                + "player who never stops smiling."),
        Artist(
            name: "Café Mélodie",
            bio: "Lo-fi sketches recorded in a Montréal café after closing time: electric piano, brushed "
                + "drums and the hum of the espresso machine."),
        Artist(
            name: "Kai Okonkwo",
            bio:
                "Producer and DJ moving between Lagos and Berlin, mixing Afrobeat grooves with four-on-the-floor house."
        ),
    ]

    public static let albums: [Album] = [
        Album(
            artist: 0, title: "Aurora Drift", mood: "Chill", genre: "Ambient", releaseDate: "2021-02-12",
            titles: ["First Light", "Drift", "Snowfield", "Slow Aurora", "Harbour Lamps", "Quiet Signal"]),
        Album(
            artist: 0, title: "Polar Night", mood: "Focus", genre: "Electronic",
            releaseDate: "2024-11-29",
            titles: ["Blue Hour", "Long Shadows", "Compass", "Northbound", "Lantern", "Deep Winter"]),
        Album(
            artist: 1, title: "Зимний сад", mood: "Melancholy", genre: "Indie", releaseDate: "2020-12-18",
            titles: ["Первый снег", "Окна", "Письмо", "Тишина", "Зимний сад", "Утро"]),
        Album(
            artist: 2, title: "Hafið", mood: "Melancholy", genre: "Post-rock", releaseDate: "2022-03-04",
            titles: ["Hafið", "Jökull", "Ljós", "Þögn", "Vetrarsól", "Heim"]),
        Album(
            artist: 2, title: "Glacier Hymns", mood: "Chill", genre: "Ambient", releaseDate: "2025-06-20",
            titles: ["Meltwater", "Ice Choir", "Blue Cathedral", "Tidal Hymn", "Fjord", "Resting Stone"]),
        Album(
            artist: 3, title: "Midnight Drive", mood: "Energetic", genre: "Synthwave",
            releaseDate: "2023-05-26",
            titles: ["Ignition", "Neon Mile", "Overdrive", "Tunnel Vision", "Afterburner", "Exit 88"]),
        Album(
            artist: 3, title: "Chrome Sunrise", mood: "Energetic", genre: "Synthwave",
            releaseDate: "2025-09-12",
            titles: ["Chrome Sunrise", "Pulse", "Skyline Run", "Voltage", "Red Line", "Last Lap"]),
        Album(
            artist: 4, title: "Saturday Strut", mood: "Party", genre: "Funk", releaseDate: "2019-07-05",
            titles: [
                "Strut", "Get Down Tonight", "Velvet Groove", "Fox Trot", "Brass Monkey Business", "Encore",
            ]),
        Album(
            artist: 4, title: "Disco Ball Diaries", mood: "Party", genre: "Disco",
            releaseDate: "2024-04-19",
            titles: [
                "Mirror Ball", "Roller Rink", "Boogie Wonder", "Glitter", "Dance Floor Diary", "Last Call",
            ]),
        Album(
            artist: 5, title: "Rainy Window Sessions", mood: "Focus", genre: "Lo-fi",
            releaseDate: "2022-10-14",
            titles: [
                "Espresso", "Rain on Rue Saint-Denis", "Notebook", "Déjà Vu", "Window Seat", "Closing Time",
            ]),
        Album(
            artist: 6, title: "Lagos to Berlin", mood: "Party", genre: "House", releaseDate: "2023-09-01",
            titles: [
                "Lagos Sunrise", "Spree Side", "Danfo Ride", "Kreuzberg Nights", "Owambe", "Tempelhof",
            ]),
    ]

    /// Featured volumes: name, mood whose songs fill it, description.
    public static let volumes: [(name: String, mood: String, description: String)] = [
        ("Chill Vol. 1", "Chill", "Ten slow, warm songs for the end of the day."),
        ("Night Drive Vol. 1", "Energetic", "Ten synthwave tracks for the fast lane."),
        ("Deep Focus Vol. 1", "Focus", "Ten calm instrumentals to work to."),
        ("Funk & Disco Vol. 1", "Party", "Ten grooves that fill the floor."),
    ]

    /// Songs (album index, track index) that carry the explicit flag.
    public static let explicitSongs: Set<[Int]> = [[7, 1], [10, 3], [5, 4]]

    /// Lyrics for every third song: four lines built from the title.
    public static func lyrics(title: String, album: Int, track: Int) -> String? {
        guard (album + track) % 3 == 0 else { return nil }
        if album == 2 {
            return
                "\(title), \(title.lowercased())…\nСнег ложится на окно,\nмы молчим, и нам тепло,\n\(title) — до весны."
        }
        let images = [
            "city lights", "the northern sky", "an empty street", "the ocean floor", "a paper moon",
            "the radio",
        ]
        let image = images[(album * 7 + track) % images.count]
        return """
            \(title), calling me again,
            under \(image) I hear the rain.
            Hold on, hold on, the night is young,
            \(title) is the song we've sung.
            """
    }

    /// Price in coins for a song: 5 to 15, deterministic.
    public static func price(album: Int, track: Int) -> Int { 5 + (album * 5 + track * 3) % 11 }
}
