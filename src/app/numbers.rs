//! Numbers as the window writes them.

/// A count with its thousands grouped by commas, as BENCHMARKS.md writes node counts:
/// `14955166` → `14,955,166`.
pub fn grouped(count: u64) -> String {
    let digits = count.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn thousands_are_grouped_from_the_right() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(14_955_166), "14,955,166");
        assert_eq!(grouped(100_000), "100,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
