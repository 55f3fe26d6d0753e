# The two commands of the README, and a few more for development.
.PHONY: site test swift-test browser-test conformance install uninstall clean

PREFIX ?= /usr/local

# Build the example site into site/_site.
site:
	swift run carousel-site build site

# Run every test (installs missing test dependencies first).
test:
	scripts/test.sh

swift-test:
	swift test

conformance:
	swift run Conformance $${CAROUSEL_CORPORA:-../shared/corpora}

clean:
	rm -rf .build site/_site site/.cache
