// fixture-server: serves the shared fixtures over HTTP/1.1 on 127.0.0.1, in TMDB's and
// Open-Meteo's URL shapes, with latency and failure injection, so the apps and their tests
// run end to end over real HTTP (`--api-base http://127.0.0.1:PORT`).
//
// The first line of standard output is `fixture-server: listening on http://127.0.0.1:PORT`,
// written at once; one line per request goes to standard error. SIGINT or SIGTERM stops it:
// exit 0. Exit status: 0 stopped by a signal, 1 could not listen (or the listener failed),
// 2 bad arguments.

import AppCLI

await ServeCommand.main()
