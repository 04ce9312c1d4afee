import ArgumentParser
import Foundation
import SoTubeCore
import SoTubeServer

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Create and list user accounts; turn a user's two-step sign-in off.",
        subcommands: [
            Add.self, List.self, Role.self, TwoFactorOff.self, SellersCommand.Invite.self, SignInLink.self,
        ])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a user account.",
            discussion: "Example: sotube users add alice --email alice@example.com --password 'correct horse'")

        @OptionGroup var store: StoreOptions
        @Argument(help: "The new user's name (3–32 letters, digits, '_', '.', '-').") var username: String
        @Option(help: "The user's email address.") var email: String
        @Option(help: "The user's password (at least 8 characters).") var password: String
        @Option(help: "buyer (the default) or operator (runs the store: the console, /api/v1/admin).")
        var role: String = "buyer"

        func run() async throws {
            guard UserRole(rawValue: role) != nil else {
                throw ValidationError("--role is buyer or operator, not '\(role)'.")
            }
            let services = try await AppServices.open(try store.configuration())
            do {
                let user = try await services.auth.createUser(username: username, email: email, password: password)
                if role != UserRole.buyer.rawValue {
                    _ = try await services.operators.setRole(.cli(login: cliLogin), userID: user.id, role: role)
                }
                print("created user \(user.username) (\(user.id))\(role == "buyer" ? "" : ", \(role)")")
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
                print(
                    "\(user.username)\t\(user.email)\t\(user.coins) coins\t\(user.role.rawValue)"
                        + (user.isLocked ? "\tlocked" : ""))
            }
        }
    }

    /// The way in when password sign-in is off (`SOTUBE_LOCAL_LOGIN=off`) and the provider is down.
    struct SignInLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-in-link",
            abstract: "Print a one-time link that signs a user in (10 minutes; for when password sign-in is off).",
            discussion: "Example: sotube users sign-in-link alice. Anyone holding the link signs in as alice once.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The user's name.") var username: String

        func run() async throws {
            try await withServices(store) { services in
                print(try await services.signIn.makeSignInLink(username: username))
            }
        }
    }

    struct Role: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a user an operator (the console, /api/v1/admin) or a buyer again.",
            discussion: "Example: sotube users role alice operator. Written to the audit log.")
        @OptionGroup var store: StoreOptions
        @Argument(help: "The user's name.") var username: String
        @Argument(help: "operator or buyer.") var role: String

        func run() async throws {
            guard UserRole(rawValue: role) != nil else {
                throw ValidationError("The role is buyer or operator, not '\(role)'.")
            }
            try await withServices(store) { services in
                let user = try await services.operators.setRole(.cli(login: cliLogin), username: username, role: role)
                print("\(user.username) is now \(user.role.rawValue)")
            }
        }
    }

    /// The operator's way back in for a user who lost the authenticator app and the recovery codes
    /// (docs/accounts.md says when to use it: make sure the request comes from the account's owner).
    struct TwoFactorOff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "2fa-off",
            abstract: "Turn a user's two-step sign-in off and end all of the user's sessions.",
            discussion: """
                For a user who lost the authenticator app and the recovery codes: make sure the request \
                comes from the account's owner first. The user then logs in with the password alone \
                (after a password reset, if needed) and may turn two-step sign-in on again.
                Example: sotube users 2fa-off alice
                """)

        @OptionGroup var store: StoreOptions
        @Argument(help: "The user's name.") var username: String

        func run() async throws {
            try await withServices(store) { services in
                guard let user = try await services.database.accounts.credentials(username: username)?.user else {
                    throw DomainError.notFound(what: "The user \"\(username)\"")
                }
                let wasOn = try await services.twoFactor.isEnabled(userID: user.id)
                // Audit-logged as the console's switch is.
                _ = try await services.operators.turnOffTwoFactor(.cli(login: cliLogin), userID: user.id)
                print(
                    wasOn
                        ? "two-step sign-in is off for \(user.username); their sessions ended"
                        : "two-step sign-in was not on for \(user.username); their sessions ended")
            }
        }
    }
}

/// Who runs the CLI, as the audit log names them (`cli:<login>`).
var cliLogin: String { ProcessInfo.processInfo.environment["USER"] ?? ProcessInfo.processInfo.userName }
