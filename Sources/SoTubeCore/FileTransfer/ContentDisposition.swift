/// The `Content-Disposition` value of an attachment (RFC 6266): an ASCII `filename` for old
/// clients and the exact UTF-8 name in `filename*` (RFC 8187).
public enum ContentDisposition {
    public static func attachment(fileName: String) -> String {
        let ascii = String(
            String.UnicodeScalarView(
                fileName.unicodeScalars.map { scalar in
                    scalar.isASCII && scalar.value >= 0x20 && scalar != "\"" && scalar != "\\" && scalar != "%"
                        ? scalar : "_"
                }))
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(percentEncoded(fileName))"
    }

    /// RFC 8187 `value-chars`: attr-char kept, every other byte of the UTF-8 form as %XX.
    static func percentEncoded(_ text: String) -> String {
        let attrChars = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$&+-.^_`|~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        for byte in text.utf8 {
            if attrChars.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
