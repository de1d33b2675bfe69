// libcurl's easy interface, for the `CCurl` system-library target (Debian:
// libcurl4-openssl-dev). `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which Swift
// cannot call, so each kind of argument the HTTP transport passes has a typed wrapper here.
#include <curl/curl.h>

static inline CURLcode loop_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_ALL); }

static inline CURLcode loop_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode loop_curl_setopt_string(CURL *handle, CURLoption option,
                                               const char *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode loop_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode loop_curl_setopt_write_function(CURL *handle, CURLoption option,
                                                       curl_write_callback function) {
  return curl_easy_setopt(handle, option, function);
}

static inline CURLcode loop_curl_setopt_xferinfo_function(CURL *handle,
                                                          curl_xferinfo_callback function) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, function);
}

static inline CURLcode loop_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode loop_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}
