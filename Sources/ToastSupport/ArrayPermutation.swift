extension Array {
    /// Puts the elements in the order `order` gives (`order[k]` is the index of the element
    /// that goes to place `k`; every index once), in place: each element is moved along its
    /// cycle of the permutation by swaps, never copied, so that sorting the indices of large
    /// elements and then placing them costs no retain and no element copy.
    ///
    /// ```swift
    /// var letters = ["b", "c", "a"]
    /// letters.permute(by: [2, 0, 1])  // ["a", "b", "c"]
    /// ```
    @inlinable
    package mutating func permute(by order: [Int]) {
        precondition(order.count == count, "a permutation of every index")
        var placed = [Bool](repeating: false, count: order.count)
        for start in order.indices where !placed[start] {
            var position = start
            while order[position] != start {
                swapAt(position, order[position])
                placed[position] = true
                position = order[position]
            }
            placed[position] = true
        }
    }
}
