import SoTubeAPI

/// The OpenAPI document's schemas, made from the wire types (`SchemaRecorder`): the bodies the route
/// table names, and every type they hold. A route naming a schema that is not here fails
/// `RouteTableTests`.
enum WireSchemas {
    /// The request and answer bodies of the route table, by the names it uses.
    static let types: [any (Decodable & Sendable).Type] = [
        // Service
        HealthResponse.self, ReadinessResponse.self,
        // Accounts
        RegisterRequest.self, LoginRequest.self, AuthResponse.self, PasswordResetRequest.self,
        PasswordResetAcceptedDTO.self, PasswordResetConfirmRequest.self, MeResponse.self, UserDTO.self,
        ChangeUsernameRequest.self, ChangeDisplayNameRequest.self, ChangePasswordRequest.self, AvatarDTO.self,
        TwoFactorEnrolRequest.self,
        TwoFactorEnrolmentDTO.self, TwoFactorConfirmRequest.self, TwoFactorRecoveryCodesDTO.self,
        TwoFactorDisableRequest.self, CreateAppPasswordRequest.self, CreatedAppPasswordDTO.self,
        SignInMethods.self, OIDCMethod.self, OIDCLinkOffer.self, OIDCLinkRequest.self, OIDCExchangeRequest.self,
        // Catalog, search, discovery, My Music
        StoreHomeDTO.self, MoodListDTO.self, GenreListDTO.self, GenreAlbumsDTO.self, ArtistDetailDTO.self,
        AlbumDetailDTO.self, PlaylistDetailDTO.self,
        TrackDetailDTO.self, SearchResultsDTO.self, SearchHistoryDTO.self, SearchSuggestionsDTO.self,
        FavouritesDTO.self, RecentlyPlayedDTO.self, RecordPlayRequest.self, LibrarySongsDTO.self,
        LibraryAlbumsDTO.self, LibraryArtistsDTO.self, OwnPlaylistListDTO.self, OwnPlaylistDTO.self,
        CreateOwnPlaylistRequest.self, UpdateOwnPlaylistRequest.self, AddOwnPlaylistTracksRequest.self,
        OwnPlaylistAddedDTO.self,
        // Coins and purchases
        WalletDTO.self, TopUpRequest.self, TopUpCreatedDTO.self, TopUpDTO.self, TopUpCardRequest.self,
        TopUpListDTO.self,
        WebhookResultDTO.self, HistoryDTO.self, RedeemRequest.self,
        RedeemResultDTO.self, PurchaseRequest.self, PurchaseResultDTO.self, PurchaseListDTO.self,
        CaptureNotification.self, CaptureResultDTO.self,
        // Pages
        OEmbedDTO.self,
        // The operator's console
        AdminDashboardDTO.self, ReauthRequest.self, AdminUserListDTO.self, AdminUserDetailDTO.self,
        CoinAdjustmentRequest.self, CoinAdjustmentDTO.self, AdminUserDTO.self, SessionsEndedDTO.self,
        RoleRequest.self, AdminTrackListDTO.self, TrackEditRequest.self, AdminTrackDTO.self, AlbumPriceRequest.self,
        AlbumPriceDTO.self, AdminJobsDTO.self, JobRetryDTO.self, CodeBatchListDTO.self, CodeBatchRequest.self,
        CodeBatchDTO.self, AuditListDTO.self, EraseRequest.self, CurationDTO.self, CurationRequest.self,
        ArtistRenameRequest.self, AdminArtistDTO.self, AlbumArtworkDTO.self, InviteDTO.self, InviteAcceptRequest.self,
        SellerOverviewDTO.self, SellerReleaseListDTO.self, SellerReleaseDTO.self, ReleaseChangeRequest.self,
        SongPriceRequest.self, SellerStatementDTO.self, AdminSellerListDTO.self, AdminInviteRequest.self,
        AdminInviteDTO.self, PayoutRequest.self, PayoutDTO.self, UploadDTO.self, UploadStartRequest.self, DraftDTO.self,
        DraftListDTO.self, DraftCreateRequest.self, DraftSaveRequest.self, FollowDTO.self, DiscountDTO.self,
        DiscountListDTO.self, DiscountCreateRequest.self, DiscountQuoteDTO.self,
    ]

    /// What a type cannot say about a value (its format, a bound, why it is there): added to the
    /// property's schema, by schema and property name.
    static let notes: [String: [String: [String: JSONValue]]] = [
        "RegisterRequest": ["email": ["format": "email"]],
        "PurchaseRequest": [
            "expectedPrice": [
                "minimum": 0,
                "description": .string(
                    "The price the buyer was shown and confirmed (a song's price, an album's priceForCaller); "
                        + "another price now answers 409 and charges nothing"),
            ],
            "coins": [
                "minimum": 0,
                "description": .string(
                    "What the buyer pays for a name-your-price song or album (nameYourPrice): at least its price; "
                        + "less answers 422"),
            ],
        ],
    ]

    /// Every schema, by name; `AppPasswordList` is the list the app-password route answers with.
    static func components() throws -> [String: JSONValue] {
        let recorder = SchemaRecorder()
        for type in types { try add(type, to: recorder) }
        try recorder.add([AppPasswordDTO].self, as: "AppPasswordList")
        var components = recorder.components
        for (schema, properties) in notes {
            for (property, keywords) in properties {
                components[schema] = components[schema]?.adding(keywords, toProperty: property)
            }
        }
        return components
    }

    private static func add<T: Decodable>(_ type: T.Type, to recorder: SchemaRecorder) throws {
        try recorder.add(type)
    }
}

extension JSONValue {
    /// This object schema with `keywords` added to its property `name`.
    func adding(_ keywords: [String: JSONValue], toProperty name: String) -> JSONValue {
        guard case .object(var schema) = self, case .object(var properties)? = schema["properties"],
            case .object(var property)? = properties[name]
        else { return self }
        property.merge(keywords, uniquingKeysWith: { $1 })
        properties[name] = .object(property)
        schema["properties"] = .object(properties)
        return .object(schema)
    }
}
