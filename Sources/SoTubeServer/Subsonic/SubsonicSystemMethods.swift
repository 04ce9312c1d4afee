import Foundation
import SoTubeCore

/// ping, getLicense, getOpenSubsonicExtensions, tokenInfo, getUser, getMusicFolders.
enum SubsonicSystemMethods {
    /// The one music folder: the caller's purchases.
    static let folderID = 1
    static let folderName = "My purchases"

    static func register(into methods: inout [String: SubsonicMethod]) {
        methods["ping"] = { _ in .empty }
        methods["getLicense"] = { _ in
            var license = SubsonicElement()
            license.set("valid", true)
            return .one("license", license)
        }
        methods["getOpenSubsonicExtensions"] = { _ in
            let extensions: [(String, [Int])] = [
                ("apiKeyAuthentication", [1]), ("formPost", [1]), ("transcodeOffset", [1]),
            ]
            return .body([
                (
                    "openSubsonicExtensions",
                    .many(
                        extensions.map { name, versions in
                            var element = SubsonicElement()
                            element.set("name", name)
                            element.add("versions", values: versions)
                            return element
                        })
                )
            ])
        }
        methods["tokenInfo"] = { call in
            var info = SubsonicElement()
            info.set("username", call.user?.username)
            return .one("tokenInfo", info)
        }
        methods["getUser"] = { call in
            guard let user = call.user else { throw SubsonicError.wrongCredentials }
            if let asked = call.parameters.string("username"),
                AccountRules.canonical(asked) != AccountRules.canonical(user.username)
            {
                throw SubsonicError(code: 50, message: "You may only see your own account.")
            }
            return .one("user", userElement(user))
        }
        methods["getMusicFolders"] = { _ in
            var folder = SubsonicElement()
            folder.set("id", folderID)
            folder.set("name", folderName)
            var folders = SubsonicElement()
            folders.add("musicFolder", list: [folder])
            return .one("musicFolders", folders)
        }
    }

    static func userElement(_ user: User) -> SubsonicElement {
        var element = SubsonicElement()
        element.set("username", user.username)
        element.set("email", user.email)
        element.set("scrobblingEnabled", true)
        element.set("adminRole", false)
        element.set("settingsRole", false)
        element.set("downloadRole", true)
        element.set("uploadRole", false)
        element.set("playlistRole", true)
        element.set("coverArtRole", true)
        element.set("commentRole", false)
        element.set("podcastRole", false)
        element.set("streamRole", true)
        element.set("jukeboxRole", false)
        element.set("shareRole", false)
        element.set("videoConversionRole", false)
        element.add("folder", values: [folderID])
        return element
    }
}
