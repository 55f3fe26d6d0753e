// The Mustache engine lives in this module; see MustacheTemplate.
