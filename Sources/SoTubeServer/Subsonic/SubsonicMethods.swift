import Foundation
import SoTubeCore

/// Every `/rest` method by name, each family in its own file.
enum SubsonicMethods {
    static func all(library: SubsonicLibraryDeps, media: SubsonicMediaDeps) -> [String: SubsonicMethod] {
        var methods: [String: SubsonicMethod] = [:]
        SubsonicSystemMethods.register(into: &methods)
        SubsonicBrowsingMethods.register(into: &methods, library)
        SubsonicListMethods.register(into: &methods, library)
        SubsonicActivityMethods.register(into: &methods, library)
        SubsonicPlaylistMethods.register(into: &methods, library)
        SubsonicMediaMethods.register(into: &methods, media)
        return methods
    }
}
