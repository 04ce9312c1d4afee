import HTTPTypes
import Hummingbird
import SoTubeAPI
import SoTubeCore

/// `/api/v1/admin/users…`: find a customer, see their account, grant or take coins, lock, end
/// sessions, two-step sign-in off, roles (docs/console.md).
struct AdminCustomersController {
    let operators: OperatorService
    let avatars: AvatarService

    func register(on routes: RouteRegistrar) {
        routes.on(.adminUsers) { request, _ in
            let users = try await operators.findUsers(QueryParameters(request: request).typedText("q"))
            return try jsonResponse(AdminUserListDTO(users: users.map(AdminUserDTO.init)))
        }
        routes.on(.adminUser) { _, context in
            try jsonResponse(AdminUserDetailDTO(try await operators.userDetail(id: try context.pathID())))
        }
        routes.on(.adminUserCoins) { request, context in
            let body = try await request.decodeJSON(CoinAdjustmentRequest.self, context: context)
            let outcome = try await operators.adjustCoins(
                try context.actor(), userID: try context.pathID(), coins: body.coins, reason: body.reason)
            return try jsonResponse(CoinAdjustmentDTO(coins: outcome.coins, balance: outcome.balance))
        }
        routes.on(.adminLockUser) { _, context in
            let user = try await operators.setLocked(try context.actor(), userID: try context.pathID(), locked: true)
            return try jsonResponse(AdminUserDTO(user))
        }
        routes.on(.adminUnlockUser) { _, context in
            let user = try await operators.setLocked(try context.actor(), userID: try context.pathID(), locked: false)
            return try jsonResponse(AdminUserDTO(user))
        }
        routes.on(.adminEndSessions) { _, context in
            let ended = try await operators.endSessions(try context.actor(), userID: try context.pathID())
            return try jsonResponse(SessionsEndedDTO(ended: ended))
        }
        routes.on(.adminTwoFactorOff) { _, context in
            let user = try await operators.turnOffTwoFactor(try context.actor(), userID: try context.pathID())
            return try jsonResponse(AdminUserDTO(user))
        }
        routes.on(.adminUserRole) { request, context in
            let body = try await request.decodeJSON(RoleRequest.self, context: context)
            let user = try await operators.setRole(try context.actor(), userID: try context.pathID(), role: body.role)
            return try jsonResponse(AdminUserDTO(user))
        }
        routes.on(.adminExportUser) { _, context in
            let id = try context.pathID()
            let data = try await operators.exportUser(try context.actor(), userID: id)
            var headers = HTTPFields()
            headers[.contentType] = "application/json; charset=utf-8"
            headers[.contentDisposition] = "attachment; filename=\"sotube-user-\(Route.segment(id).prefix(40)).json\""
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        routes.on(.adminEraseUser) { request, context in
            let body = try await request.decodeJSON(EraseRequest.self, context: context)
            let user = try await operators.erase(
                try context.actor(), userID: try context.pathID(), reason: body.reason, avatars: avatars)
            return try jsonResponse(AdminUserDTO(user))
        }
    }
}

extension AppRequestContext {
    /// The signed-in operator, as the audit log names them.
    func actor() throws -> OperatorActor {
        let identity = try requireIdentity()
        return OperatorActor(userID: identity.user.id, name: identity.user.username)
    }
}
