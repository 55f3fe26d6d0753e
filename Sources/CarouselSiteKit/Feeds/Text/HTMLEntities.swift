/// HTML's named character references that feeds actually use: all of Latin-1 plus the common
/// typographic ones. Unknown names are left as written, which is what browsers do too.
enum HTMLEntities {
    /// Names of U+00A0...U+00FF in order (HTML 4's Latin-1 set).
    private static let latin1 = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect", "uml", "copy", "ordf",
        "laquo", "not", "shy", "reg", "macr", "deg", "plusmn", "sup2", "sup3", "acute", "micro",
        "para", "middot", "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
        "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil", "Egrave",
        "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml", "ETH", "Ntilde", "Ograve",
        "Oacute", "Ocirc", "Otilde", "Ouml", "times", "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml",
        "Yacute", "THORN", "szlig", "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig",
        "ccedil", "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml", "eth",
        "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide", "oslash", "ugrave",
        "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]

    private static let others: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
        "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}",
        "hellip": "\u{2026}", "bull": "\u{2022}", "trade": "\u{2122}", "euro": "\u{20AC}",
        "dagger": "\u{2020}", "Dagger": "\u{2021}", "permil": "\u{2030}", "lsaquo": "\u{2039}",
        "rsaquo": "\u{203A}", "prime": "\u{2032}", "Prime": "\u{2033}", "thinsp": "\u{2009}",
        "ensp": "\u{2002}", "emsp": "\u{2003}", "zwnj": "\u{200C}", "zwj": "\u{200D}",
        "OElig": "\u{0152}", "oelig": "\u{0153}", "Scaron": "\u{0160}", "scaron": "\u{0161}",
        "Yuml": "\u{0178}", "fnof": "\u{0192}", "circ": "\u{02C6}", "tilde": "\u{02DC}",
        "larr": "\u{2190}", "rarr": "\u{2192}", "uarr": "\u{2191}", "darr": "\u{2193}",
        "hearts": "\u{2665}", "minus": "\u{2212}",
    ]

    private static let table: [String: Unicode.Scalar] = {
        var table = others
        for (index, name) in latin1.enumerated() {
            table[name] = Unicode.Scalar(UInt32(0xA0 + index))!  // the array starts at U+00A0
        }
        return table
    }()

    static func scalar(named name: String) -> Unicode.Scalar? {
        table[name]
    }
}
