/// An HTTP header listing choices with `q` weights (`Accept`, `Accept-Language`): each item's value,
/// lower-cased, and its weight (1 when absent; an unreadable or non-finite weight counts as 0, which
/// refuses the item).
public enum WeightedList {
    public static func items(_ header: String?) -> [(value: String, weight: Double)] {
        guard let header else { return [] }
        return header.split(separator: ",").compactMap { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let value = parts.first, !value.isEmpty else { return nil }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                let read = Double(parameter.dropFirst(2).trimmingCharacters(in: .whitespaces)) ?? 0
                weight = read.isFinite ? read : 0
            }
            return (value, weight)
        }
    }
}
