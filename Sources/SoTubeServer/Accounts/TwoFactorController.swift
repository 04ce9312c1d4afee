import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/me/two-factor/*`: enrol in two-step sign-in with the password, confirm it with a first
/// code (which answers the recovery codes, once), turn it off with the password and a code.
struct TwoFactorController {
    let auth: AuthService
    let twoFactor: TwoFactorService

    func register(on routes: RouteRegistrar) {
        routes.on(.twoFactorEnrol) { request, context in
            let identity = try context.requireIdentity()
            let body = try await request.decodeJSON(TwoFactorEnrolRequest.self, context: context)
            let enrolment = try await auth.enrolTwoFactor(identity: identity, password: body.password)
            return try jsonResponse(TwoFactorEnrolmentDTO(secret: enrolment.secret, otpauthUri: enrolment.uri))
        }
        routes.on(.twoFactorConfirm) { request, context in
            let identity = try context.requireIdentity()
            let body = try await request.decodeJSON(TwoFactorConfirmRequest.self, context: context)
            let codes = try await twoFactor.confirm(userID: identity.user.id, code: body.code)
            await auth.mailNotice(.twoFactorOn, userID: identity.user.id)
            return try jsonResponse(TwoFactorRecoveryCodesDTO(recoveryCodes: codes))
        }
        routes.on(.twoFactorDisable) { request, context in
            let identity = try context.requireIdentity()
            let body = try await request.decodeJSON(TwoFactorDisableRequest.self, context: context)
            try await auth.disableTwoFactor(identity: identity, password: body.password, code: body.code)
            return Response(status: .noContent)
        }
    }
}
