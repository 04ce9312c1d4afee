import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeServer

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Create and list user accounts.",
        subcommands: [Add.self, List.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a user account.",
            discussion: "Example: sotube users add alice --email alice@example.com --password 'correct horse'")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The new user's name (3–32 letters, digits, '_', '.', '-').") var username: String
        @Option(help: "The user's email address.") var email: String
        @Option(help: "The user's password (at least 8 characters).") var password: String

        func run() async throws {
            let services = try await AppServices.open(try store.configuration())
            do {
                let user = try await services.auth.createUser(username: username, email: email, password: password)
                print("created user \(user.username) (\(user.id))")
            } catch let error as DomainError {
                await services.database.shutdown()
                throw ValidationError(error.message)
            }
            await services.database.shutdown()
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every user with their coin balance.")
        @OptionGroup var store: StoreOptions

        func run() async throws {
            let services = try await AppServices.open(try store.configuration())
            let users = try await services.database.accounts.listUsers()
            await services.database.shutdown()
            if users.isEmpty { print("no users") }
            for user in users {
                print("\(user.username)\t\(user.email)\t\(user.coins) coins")
            }
        }
    }
}
