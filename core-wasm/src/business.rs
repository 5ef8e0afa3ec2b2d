//! Korean business registration numbers (사업자등록번호): 10 digits, `123-45-67890` written
//! with or without dashes, the last digit a checksum of the other nine.

const WEIGHTS: [u32; 9] = [1, 3, 7, 1, 3, 7, 1, 3, 5];

/// The ten digits of a well-formed number, or `None`. Dashes are allowed only in the usual
/// places (3-2-5).
pub fn normalize_business_number(text: &str) -> Option<String> {
    let text = text.trim();
    let digits: String = match text.len() {
        10 => text.to_string(),
        12 if text.as_bytes()[3] == b'-' && text.as_bytes()[6] == b'-' => text.replace('-', ""),
        _ => return None,
    };
    (digits.len() == 10 && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}

pub fn is_valid_business_number(text: &str) -> bool {
    let Some(digits) = normalize_business_number(text) else {
        return false;
    };
    let d: Vec<u32> = digits.bytes().map(|b| u32::from(b - b'0')).collect();
    let weighted: u32 = d
        .iter()
        .zip(WEIGHTS)
        .map(|(digit, weight)| digit * weight)
        .sum();
    // The ninth digit counts twice: once weighted by 5 above, once as the tens of that product.
    let sum = weighted + (d[8] * 5) / 10;
    (10 - sum % 10) % 10 == d[9]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last digit that makes nine digits valid, computed independently of the function.
    fn check_digit(nine: &str) -> u32 {
        let d: Vec<u32> = nine.chars().map(|c| c.to_digit(10).unwrap()).collect();
        let mut sum = 0;
        for i in 0..9 {
            sum += d[i] * WEIGHTS[i];
        }
        sum += d[8] * 5 / 10;
        (10 - sum % 10) % 10
    }

    #[test]
    fn published_numbers_are_valid() {
        // Numbers companies print on their own sites and invoices.
        for number in ["124-81-00998", "220-81-62517", "120-81-47521", "2208162517"] {
            assert!(is_valid_business_number(number), "{number}");
        }
    }

    #[test]
    fn every_wrong_check_digit_is_refused() {
        let nine = "123456789";
        let right = check_digit(nine);
        for last in 0..10 {
            let number = format!("{nine}{last}");
            assert_eq!(is_valid_business_number(&number), last == right, "{number}");
        }
    }

    #[test]
    fn malformed_input_is_refused() {
        for bad in [
            "",
            "124-81-0099",
            "12481009981",
            "1248-1-00998",
            "124 81 00998",
            "abcdefghij",
            "124-81-0099８",
        ] {
            assert!(!is_valid_business_number(bad), "{bad}");
        }
        assert_eq!(
            normalize_business_number(" 124-81-00998 ").as_deref(),
            Some("1248100998")
        );
    }
}
