import Testing

@testable import SoTubeServer

/// The bounds on Subsonic transcoding: per user and in all, a slot given back once.
@Suite struct TranscodeSlotsTests {
    @Test func aUserAndTheServerHaveTheirBoundsAndSlotsComeBack() throws {
        let slots = TranscodeSlots(perUser: 2, perServer: 3)
        let first = try slots.take(userID: "ann").get()
        let second = try slots.take(userID: "ann").get()
        #expect(throws: TranscodeSlots.Refusal.user) { try slots.take(userID: "ann").get() }
        var third: TranscodeSlots.Slot? = try slots.take(userID: "bob").get()
        #expect(throws: TranscodeSlots.Refusal.server) { try slots.take(userID: "cy").get() }
        #expect(slots.inUse == 3)
        first.release()
        first.release()  // once only
        #expect(slots.inUse == 2)
        let cy = try slots.take(userID: "cy").get()  // the freed place
        #expect(throws: TranscodeSlots.Refusal.server) { try slots.take(userID: "dee").get() }
        cy.release()
        third = nil  // an answer dropped before its body ran gives its slot back
        #expect(third == nil && slots.inUse == 1)
        let again = try slots.take(userID: "ann").get()
        #expect(slots.inUse == 2)
        second.release()
        again.release()
        #expect(slots.inUse == 0)
    }
}
