import SoTubeCore
import Testing

/// A preview is never more than half its song, nor more than the configured length (issue 17).
@Suite struct PreviewLengthTests {
    @Test func previewIsTheConfiguredLengthOrHalfTheSong() {
        let policy = PreviewPolicy(seconds: 30)
        #expect(policy.previewLength(duration: 120) == 30)
        #expect(policy.previewLength(duration: 60) == 30)
        #expect(policy.previewLength(duration: 59) == 29.5)
        #expect(policy.previewLength(duration: 30) == 15, "a song as long as the preview is not given away")
        #expect(policy.previewLength(duration: 20) == 10)
        #expect(policy.previewLength(duration: 1) == 0.5)
        #expect(policy.previewLength(duration: 0) == 0)
        #expect(policy.previewLength(duration: -3) == 0)
        #expect(policy.previewLength(duration: .infinity) == 0)
        #expect(policy.previewLength(duration: .nan) == 0)
        #expect(PreviewPolicy(seconds: 10).previewLength(duration: 25) == 10)
    }

    @Test func theFadeFitsInsideThePreview() {
        let policy = PreviewPolicy(seconds: 30, fadeSeconds: 2)
        for duration in [0.2, 1, 3, 4, 8, 20, 59, 60, 61, 600] {
            let length = policy.previewLength(duration: duration)
            let fade = policy.fadeLength(duration: duration)
            let start = policy.fadeStart(duration: duration)
            #expect(fade >= 0 && fade <= length / 2, "\(duration) s")
            #expect(start >= 0 && abs(start + fade - length) < 1e-9, "the fade ends with the preview")
        }
        #expect(policy.fadeLength(duration: 200) == 2 && policy.fadeStart(duration: 200) == 28)
        #expect(policy.fadeLength(duration: 4) == 1 && policy.fadeStart(duration: 4) == 1)
    }

    @Test func anOldWholeSongPreviewDoesNotFit() {
        let policy = PreviewPolicy(seconds: 30)
        #expect(!policy.previewFits(previewSeconds: 20, duration: 20), "the old rule served it whole")
        #expect(!policy.previewFits(previewSeconds: 30, duration: 45))
        #expect(policy.previewFits(previewSeconds: 10.05, duration: 20), "codec padding is allowed")
        #expect(policy.previewFits(previewSeconds: 30.05, duration: 120))
        #expect(policy.previewFits(previewSeconds: 9, duration: 20))
    }

    @Test func onlyShortenedSongsNeedTheirPreviewMeasured() {
        let policy = PreviewPolicy(seconds: 30)
        #expect(policy.isShortened(duration: 20) && policy.isShortened(duration: 59.9))
        #expect(!policy.isShortened(duration: 60) && !policy.isShortened(duration: 300))
    }
}
