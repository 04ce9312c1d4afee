/// Every migration, in order. Append only: add a new file and a new line at the end.
public enum AllMigrations {
    public static let list: [Migration] = [
        Migration001Accounts.migration,
        Migration002Catalog.migration,
        Migration003Ownership.migration,
        Migration004Commerce.migration,
        Migration005Discovery.migration,
        Migration006Throttles.migration,
        Migration007OperatorAlbumPrices.migration,
        Migration008AppPasswords.migration,
        Migration009CatalogVersion.migration,
        Migration010MediaJobs.migration,
        Migration011TwoFactor.migration,
        Migration012Withdrawals.migration,
        Migration013SearchOrder.migration,
        Migration014SearchPerKind.migration,
        Migration015SignIns.migration,
        Migration016OwnershipPurchases.migration,
        Migration017Operators.migration,
        Migration018PaymentsAndMail.migration,
        Migration019ArtistsAndLabels.migration,
        Migration020SignInProviders.migration,
        Migration021CatalogSources.migration,
        Migration022SearchWords.migration,
        Migration023OwnPlaylists.migration,
        Migration024SearchTokens.migration,
    ]
}
