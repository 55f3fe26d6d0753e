# The two commands of the README, and a few more for development.
.PHONY: site test swift-test conformance install uninstall clean

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

# Install a release binary (the theme is compiled in) and shell completions under PREFIX.
# STATIC=1 links the Swift runtime into the binary, so it runs where no Swift toolchain is
# installed; that link step needs libcurl's development files (libcurl4-openssl-dev).
BIN_DIR = $(DESTDIR)$(PREFIX)/bin
SHARE_DIR = $(DESTDIR)$(PREFIX)/share
RELEASE_FLAGS = -c release $(if $(filter 1,$(STATIC)),--static-swift-stdlib)
install:
	swift build $(RELEASE_FLAGS) --product carousel-site
	install -d "$(BIN_DIR)" "$(SHARE_DIR)/bash-completion/completions" "$(SHARE_DIR)/zsh/site-functions" "$(SHARE_DIR)/fish/vendor_completions.d"
	install -m 755 "$$(swift build $(RELEASE_FLAGS) --show-bin-path)/carousel-site" "$(BIN_DIR)/carousel-site"
	"$(BIN_DIR)/carousel-site" completions bash > "$(SHARE_DIR)/bash-completion/completions/carousel-site"
	"$(BIN_DIR)/carousel-site" completions zsh > "$(SHARE_DIR)/zsh/site-functions/_carousel-site"
	"$(BIN_DIR)/carousel-site" completions fish > "$(SHARE_DIR)/fish/vendor_completions.d/carousel-site.fish"

uninstall:
	rm -f "$(BIN_DIR)/carousel-site" "$(SHARE_DIR)/bash-completion/completions/carousel-site" \
	  "$(SHARE_DIR)/zsh/site-functions/_carousel-site" "$(SHARE_DIR)/fish/vendor_completions.d/carousel-site.fish"
