import Foundation

// Wire types for releases made in the browser (issue 31): drafts, resumable uploads, follows.

public struct UploadTagsDTO: Codable, Sendable, Equatable {
    public var title: String
    public var artist: String
    public var album: String
    public var trackNumber: Int
    public var discNumber: Int
    public var year: Int?
    public var genre: String?
    public var durationMs: Int
    public init(
        title: String, artist: String, album: String, trackNumber: Int, discNumber: Int, year: Int?, genre: String?,
        durationMs: Int
    ) {
        self.title = title
        self.artist = artist
        self.album = album
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.year = year
        self.genre = genre
        self.durationMs = durationMs
    }
}

/// A file sent in chunks: `offset` bytes of `size` received.
public struct UploadDTO: Codable, Sendable, Equatable {
    public var id: String
    public var fileName: String
    /// `audio` or `cover`.
    public var kind: String
    public var size: Int
    public var offset: Int
    public var complete: Bool
    /// What an audio file's tags say, once it is whole.
    public var tags: UploadTagsDTO?
    /// Why a whole file cannot be used.
    public var problem: String?
    public init(
        id: String, fileName: String, kind: String, size: Int, offset: Int, complete: Bool, tags: UploadTagsDTO?,
        problem: String?
    ) {
        self.id = id
        self.fileName = fileName
        self.kind = kind
        self.size = size
        self.offset = offset
        self.complete = complete
        self.tags = tags
        self.problem = problem
    }
}

/// `POST /api/v1/artist/drafts/{id}/uploads`.
public struct UploadStartRequest: Codable, Sendable, Equatable {
    public var fileName: String
    public var size: Int
    /// `audio` or `cover`.
    public var kind: String
    public init(fileName: String, size: Int, kind: String) {
        self.fileName = fileName
        self.size = size
        self.kind = kind
    }
}

public struct DraftTrackDTO: Codable, Sendable, Equatable {
    public var uploadId: String
    public var title: String
    public var trackNumber: Int
    public var discNumber: Int
    public var price: Int
    public var nameYourPrice: Bool
    public init(uploadId: String, title: String, trackNumber: Int, discNumber: Int, price: Int, nameYourPrice: Bool) {
        self.uploadId = uploadId
        self.title = title
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.price = price
        self.nameYourPrice = nameYourPrice
    }
}

/// `PUT /api/v1/artist/drafts/{id}`: the whole form.
public struct DraftSaveRequest: Codable, Sendable, Equatable {
    public var title: String
    public var year: Int?
    public var genre: String?
    public var albumPrice: Int?
    public var nameYourPrice: Bool
    /// `YYYY-MM-DD`; absent: out when published.
    public var availableOn: String?
    public var coverUploadId: String?
    public var tracks: [DraftTrackDTO]
    public init(
        title: String, year: Int?, genre: String?, albumPrice: Int?, nameYourPrice: Bool, availableOn: String?,
        coverUploadId: String?, tracks: [DraftTrackDTO]
    ) {
        self.title = title
        self.year = year
        self.genre = genre
        self.albumPrice = albumPrice
        self.nameYourPrice = nameYourPrice
        self.availableOn = availableOn
        self.coverUploadId = coverUploadId
        self.tracks = tracks
    }
}

/// A release being prepared: private until published.
public struct DraftDTO: Codable, Sendable, Equatable {
    public var id: String
    public var artistId: String
    public var artistName: String
    public var title: String
    public var year: Int?
    public var genre: String?
    public var albumPrice: Int?
    public var nameYourPrice: Bool
    public var availableOn: String?
    public var coverUploadId: String?
    public var tracks: [DraftTrackDTO]
    public var uploads: [UploadDTO]
    public var updatedAt: Date
    public init(
        id: String, artistId: String, artistName: String, title: String, year: Int?, genre: String?, albumPrice: Int?,
        nameYourPrice: Bool, availableOn: String?, coverUploadId: String?, tracks: [DraftTrackDTO],
        uploads: [UploadDTO], updatedAt: Date
    ) {
        self.id = id
        self.artistId = artistId
        self.artistName = artistName
        self.title = title
        self.year = year
        self.genre = genre
        self.albumPrice = albumPrice
        self.nameYourPrice = nameYourPrice
        self.availableOn = availableOn
        self.coverUploadId = coverUploadId
        self.tracks = tracks
        self.uploads = uploads
        self.updatedAt = updatedAt
    }
}

public struct DraftListDTO: Codable, Sendable, Equatable {
    public var drafts: [DraftDTO]
    public init(drafts: [DraftDTO]) { self.drafts = drafts }
}

/// `POST /api/v1/artist/drafts`.
public struct DraftCreateRequest: Codable, Sendable, Equatable {
    public var artistId: String
    public var title: String
    public init(artistId: String, title: String) {
        self.artistId = artistId
        self.title = title
    }
}

/// `GET|PUT|DELETE /api/v1/artists/{id}/follow`.
public struct FollowDTO: Codable, Sendable, Equatable {
    public var following: Bool
    public var followers: Int
    public init(following: Bool, followers: Int) {
        self.following = following
        self.followers = followers
    }
}

/// A seller's discount code.
public struct DiscountDTO: Codable, Sendable, Equatable {
    public var code: String
    /// nil: every release of the seller.
    public var albumId: String?
    public var albumTitle: String?
    public var percent: Int
    /// `YYYY-MM-DD`: the last day it works (UTC); nil: no end.
    public var expiresOn: String?
    public var maxUses: Int?
    public var uses: Int
    public init(
        code: String, albumId: String?, albumTitle: String?, percent: Int, expiresOn: String?, maxUses: Int?, uses: Int
    ) {
        self.code = code
        self.albumId = albumId
        self.albumTitle = albumTitle
        self.percent = percent
        self.expiresOn = expiresOn
        self.maxUses = maxUses
        self.uses = uses
    }
}

public struct DiscountListDTO: Codable, Sendable, Equatable {
    public var discounts: [DiscountDTO]
    public init(discounts: [DiscountDTO]) { self.discounts = discounts }
}

/// `POST /api/v1/artist/discounts`.
public struct DiscountCreateRequest: Codable, Sendable, Equatable {
    public var code: String
    public var percent: Int
    public var albumId: String?
    public var expiresOn: String?
    public var maxUses: Int?
    public init(code: String, percent: Int, albumId: String?, expiresOn: String?, maxUses: Int?) {
        self.code = code
        self.percent = percent
        self.albumId = albumId
        self.expiresOn = expiresOn
        self.maxUses = maxUses
    }
}

/// `GET /api/v1/discounts/{code}`: what the code makes of the price the buyer sees.
public struct DiscountQuoteDTO: Codable, Sendable, Equatable {
    public var code: String
    public var percent: Int
    public var price: Int
    /// What the purchase charges with the code (send it as `expectedPrice`).
    public var charge: Int
    public init(code: String, percent: Int, price: Int, charge: Int) {
        self.code = code
        self.percent = percent
        self.price = price
        self.charge = charge
    }
}
