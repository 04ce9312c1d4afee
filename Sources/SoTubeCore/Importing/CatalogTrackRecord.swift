/// A track as the importer or the demo seeder hands it to the catalog. Paths are relative to
/// the data directory's `media/` folder.
public struct CatalogTrackRecord: Sendable, Equatable {
    public var sourcePath: String
    public var sourceSize: Int
    public var sourceMtime: Int
    public var metadata: TrackMetadata
    public var mediaPath: String
    public var mediaType: String
    public var previewPath: String
    public var previewType: String
    /// Normalised peaks 0...1.
    public var waveform: [Double]
    /// `artwork/<key>.jpg` (600 px); sibling files `-100`, `-300`, `-600` exist too.
    public var artworkPath: String?
    public var price: Int
    public var lyrics: String?
    public var artistBio: String?
    public var albumPrice: Int?
    /// On sale: its preview exists. The scan writes a new song not ready; its renditions job makes it so.
    public var ready = true

    public init(
        sourcePath: String, sourceSize: Int, sourceMtime: Int, metadata: TrackMetadata,
        mediaPath: String,
        mediaType: String, previewPath: String, previewType: String, waveform: [Double],
        artworkPath: String?,
        price: Int = 10, lyrics: String? = nil, artistBio: String? = nil, albumPrice: Int? = nil
    ) {
        self.sourcePath = sourcePath
        self.sourceSize = sourceSize
        self.sourceMtime = sourceMtime
        self.metadata = metadata
        self.mediaPath = mediaPath
        self.mediaType = mediaType
        self.previewPath = previewPath
        self.previewType = previewType
        self.waveform = waveform
        self.artworkPath = artworkPath
        self.price = price
        self.lyrics = lyrics
        self.artistBio = artistBio
        self.albumPrice = albumPrice
    }
}
