# Build, test, benchmark and lint the Loop reference monorepo. `make` lists the targets.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
# Every debug build goes through scripts/build: the configuration `swift build`, `swift run`
# and `swift test` use (so none rebuilds another's work), failing on any warning printed.
BUILD := SWIFT="$(SWIFT)" scripts/build
# What lint and format look at: the manifest, the runtime, and the other top-level parts
# once they exist.
SWIFT_PATHS := Package.swift Runtime $(wildcard Apps Conformance Fixtures TestSupport EndToEnd Templates)
# The consumer package's manifest and sources, not its own .build (scripts/format-check would
# format the files SwiftPM generates there).
SWIFT_PATHS += $(wildcard Examples/Consumer/Package.swift Examples/Consumer/Sources Examples/Consumer/Tests)

.PHONY: help deps build test conformance machine-mutants viewer-check strength mutation mutation-diff serve demo bench bench-instructions terminal-check share-check crash-test recording-crash-test flake-check tsan new-feature new-feature-check lint doc-examples \
  format coverage docs api-check clean user-path-check

help: ## List the targets (the default)
	@awk 'BEGIN { FS = ":.*## " } /^[a-z-]+:.*## / { printf "  make %-17s %s\n", $$1, $$2 }' \
	  $(MAKEFILE_LIST)

deps: ## Check that the headers and libraries of SQLite and libcurl are there; apt-get installs them where missing
	@SWIFT="$(SWIFT)" scripts/deps

build: ## Build everything (debug) as swift build does; fails on a warning
	$(BUILD)

test: deps ## Run every test, XCTest and Swift Testing, then the consumer package's (Examples/Consumer); fails on a warning (runs deps first)
	$(BUILD) --build-tests
	$(SWIFT) test --skip-build
	$(BUILD) --package-path Examples/Consumer --build-tests
	$(SWIFT) test --package-path Examples/Consumer --skip-build --disable-xctest

# The debug build `make test` made (and `swift run conformance` uses): exploration is about
# 2x slower than optimized, 4 s in all, where a release build of its own took 320 s.
conformance: deps ## Check every app's contract (examples, invariants, scenarios, budgets, table); each scenario under every schedule within 2 preemptions (SEARCH=exhaustive-2), at most SCHEDULES=64
	$(BUILD) --product conformance
	.build/debug/conformance --schedules $(or $(SCHEDULES),64) --search $(or $(SEARCH),exhaustive-2)

machine-mutants: deps ## Every contract against mutants derived from its machine (events, feedbacks); fails below 100% killed
	$(BUILD) --product conformance
	.build/debug/conformance --mutate --min-machine-kills 100

# The HTML report (docs/CONTRACTS.md, "The HTML report"): Graphviz lays out the diagrams.
report: ## Write the conformance report as one HTML page with state diagrams (.build/report/conformance.html)
	@SWIFT="$(SWIFT)" scripts/deps dot
	$(BUILD) --product conformance
	@mkdir -p .build/report
	.build/debug/conformance --format html --output .build/report/conformance.html

# The report in headless Chromium; keeps screenshots under .build/report/screenshots.
report-check: ## Load the HTML report in headless Chromium: sections, diagrams, failures, no console errors; screenshots
	@SWIFT="$(SWIFT)" scripts/deps dot chromium fonts
	$(BUILD) --product conformance
	scripts/report-check

# The recording viewer in headless Chromium (docs/RECORDINGS.md, "From a bug seen by hand to a
# test"): a 10,000-step recording's first paint and scrub timed; screenshots in
# .build/viewer/screenshots.
viewer-check: ## Load `conformance view` pages in headless Chromium: first paint and scrub on 10,000 steps, keys, search, a replay's divergence, no console errors; screenshots
	@SWIFT="$(SWIFT)" scripts/deps chromium fonts
	$(BUILD) --product conformance
	scripts/viewer-check

# Extra fixture-server options for `make serve`, such as SERVE_ARGS="--latency 200ms --fail-rate 0.1".
SERVE_ARGS ?=

serve: ## Build fixture-server and serve the fixtures on http://127.0.0.1:8787 (Ctrl-C stops)
	$(BUILD) --product fixture-server
	.build/debug/fixture-server --port 8787 $(SERVE_ARGS)

demo: deps ## Run the three apps scripted and offline, each app's main flow in a few lines
	scripts/demo

# On make test's build (what the pages' `swift build --build-tests` expects): 2 to 3 minutes, most
# of it the pages' conformance runs (CONTRACTS.md's 64 PCT schedules of every contract: a third).
user-path-check: deps ## Run every command README.md and docs/ show, as written (live services on fixture-server); compare what the page shows
	$(BUILD) --build-tests
	scripts/user-path-check --self-test
	scripts/user-path-check

# Only the JSON goes to stdout (`make bench > results.json`); the build talks on stderr.
# B9 launches .build/release/movies, so the bench builds it too.
bench: ## Build loop-bench and movies in release and run loop-bench (JSON on stdout)
	@echo "$(SWIFT) build -c release --product loop-bench" >&2
	@$(SWIFT) build -c release --product loop-bench >&2
	@echo "$(SWIFT) build -c release --product movies" >&2
	@$(SWIFT) build -c release --product movies >&2
	@.build/release/loop-bench

bench-instructions: ## Count instructions per unit of B1, B2, B5, B7, B11 under callgrind; fail on 10% growth
	@SWIFT="$(SWIFT)" scripts/deps valgrind
	$(SWIFT) build -c release --product loop-bench
	scripts/bench-instructions

# Slow-ish (about a minute): 200 runs of the trails binary, so not part of `make test`.
crash-test: ## SIGKILL trails 200 times mid-edit, then 60 times among 3 writers; nothing torn or lost
	$(BUILD) --product trails
	scripts/crash-test
	scripts/crash-test --writers 3 --kills 60

recording-crash-test: ## SIGKILL, SIGTERM or SIGINT the apps 300 times mid-recording; every file replays its prefix
	$(BUILD) --product movies
	$(BUILD) --product movie-search
	$(BUILD) --product trails
	$(BUILD) --product conformance
	scripts/recording-crash-test

# Each interactive app under a pseudo-terminal, ended four ways; checks the terminal settings.
terminal-check: ## Run the three apps under a pty: each exit restores it, a resize redraws, trails scrolls
	$(BUILD) --product movies
	$(BUILD) --product movie-search
	$(BUILD) --product trails
	$(BUILD) --product conformance
	scripts/terminal-check

# An interactive trails session and one-shot commands on one database: nothing lost.
share-check: ## Run trails interactive under a pty beside one-shot edits; check every edit is kept
	$(BUILD) --product trails
	scripts/share-check

# A separate build in .build/tsan (about 2 minutes from scratch on 2 cores), then the suite.
# SAMPLE counts scored mutants (compiled, changed, not declared equivalent); each score comes
# with its 90% interval. MODULE=Loop|LoopTesting|LoopContracts|LoopRecording mutates a runtime
# library, its own tests the oracle; with neither APP nor MODULE, every app (no library).
mutation: deps ## Strength: source-level mutants of each app's product code, conformance the oracle (APP= MODULE= SAMPLE=60 SEED=1 MIN_STRENGTH=)
	scripts/mutation $(if $(APP),--app $(APP)) $(if $(MODULE),--module $(MODULE)) \
	  --sample $(or $(SAMPLE),60) --seed $(or $(SEED),1) $(if $(MIN_STRENGTH),--min-strength $(MIN_STRENGTH))

strength: mutation ## The same as make mutation: a contract's strength is its source-level score

mutation-diff: deps ## Every mutant of product-code and library lines changed since SINCE (HEAD~1); fails on an undeclared survivor
	scripts/mutation --lines-changed-since $(or $(SINCE),HEAD~1) --max-seconds $(or $(MAX_SECONDS),240)

tsan: deps ## Run every test under ThreadSanitizer (--sanitize=thread); any race report fails
	scripts/tsan

flake-check: ## Run the whole test suite 50 times under full CPU load; count failures
	scripts/flake-check 50

new-feature: ## Start Apps/Foo from Templates/Feature, renamed and wired in (NAME=Foo)
	@SWIFT="$(SWIFT)" scripts/new-feature "$(NAME)"

# Slow (a full build and the whole suite in a temporary copy of the repository), so not part
# of `make test`.
new-feature-check: ## In a temporary copy: make new-feature NAME=Counter, then make test, make conformance and make lint must pass (slow)
	scripts/test-new-feature

lint: ## Check formatting and style with swift format (--strict; and that make format would change nothing), that docs/ARCHITECTURE.md draws Package.swift's module graph, and that the compiled code examples are current
	$(SWIFT) format lint --strict --recursive $(SWIFT_PATHS)
	SWIFT="$(SWIFT)" scripts/format-check $(SWIFT_PATHS)
	scripts/module-graph --check
	scripts/doc-examples --check

doc-examples: ## Copy the code examples of doc comments and docs/ pages into the test build, which compiles them
	scripts/doc-examples

module-graph: ## Redraw docs/ARCHITECTURE.md's module graph from Package.swift
	scripts/module-graph

# A rewritten file can move a doc comment's example, so the compiled copies are redone after.
format: ## Rewrite files in place with swift format, then the copies of the code examples (make doc-examples)
	$(SWIFT) format format --in-place --recursive $(SWIFT_PATHS)
	scripts/doc-examples

coverage: deps ## Run the tests with coverage; print line coverage per module (Sources only)
	scripts/coverage

docs: ## Build the DocC archives of Loop, LoopTesting, LoopRecording, LoopContracts, CommandLineParsing, Terminal and AppCLI (warnings fail)
	scripts/docs

api-check: deps ## Compare the public API of Loop, LoopTesting, LoopContracts and LoopRecording with api/; fail on a break CHANGELOG.md does not allow
	$(BUILD)
	scripts/api-check

clean: ## Remove every build product (.build, and Examples/Consumer's)
	rm -rf .build Examples/Consumer/.build
