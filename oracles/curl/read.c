/*
 * read.c: the curl oracle. It reads URLs with libcurl's URL API as curl
 * and trurl do (curl_url_set of CURLUPART_URL with CURLU_NON_SUPPORT_SCHEME,
 * CURLU_URLENCODE off, and CURLU_GUESS_SCHEME when the first argument is
 * "guess"), then curl_url_get of each part with no flags, and speaks the
 * protocol of oracles.Run: base64 inputs on standard input, one per line;
 * one JSON record per input on standard output.
 *
 * Build: cc -O2 -o read read.c -lcurl   (Debian: libcurl4-openssl-dev)
 * Usage: read [guess] < inputs
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <curl/curl.h>

static const char b64[] =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* unb64 decodes the padded base64 text in[0:n] into out and returns the
   length, or -1 on a character outside the alphabet. */
static long unb64(const char *in, size_t n, unsigned char *out)
{
  long o = 0;
  unsigned int acc = 0;
  int bits = 0;
  for(size_t i = 0; i < n; i++) {
    const char *p;
    if(in[i] == '=')
      break;
    p = strchr(b64, in[i]);
    if(!p || !in[i])
      return -1;
    acc = (acc << 6) | (unsigned int)(p - b64);
    bits += 6;
    if(bits >= 8) {
      bits -= 8;
      out[o++] = (unsigned char)(acc >> bits);
    }
  }
  return o;
}

static void put_b64(const unsigned char *s, size_t n)
{
  putchar('"');
  for(size_t i = 0; i < n; i += 3) {
    unsigned int v = (unsigned int)s[i] << 16;
    if(i + 1 < n)
      v |= (unsigned int)s[i + 1] << 8;
    if(i + 2 < n)
      v |= s[i + 2];
    putchar(b64[(v >> 18) & 63]);
    putchar(b64[(v >> 12) & 63]);
    putchar(i + 1 < n ? b64[(v >> 6) & 63] : '=');
    putchar(i + 2 < n ? b64[v & 63] : '=');
  }
  putchar('"');
}

static void put_str(const char *s)
{
  if(s)
    put_b64((const unsigned char *)s, strlen(s));
  else
    fputs("null", stdout);
}

/* get returns the part, or NULL when curl_url_get reports it missing. */
static char *get(CURLU *h, CURLUPart what)
{
  char *v = NULL;
  if(curl_url_get(h, what, &v, 0) != CURLUE_OK)
    return NULL;
  return v;
}

int main(int argc, char **argv)
{
  unsigned int flags = CURLU_NON_SUPPORT_SCHEME;
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  if(argc > 1 && !strcmp(argv[1], "--help")) {
    puts("usage: read [guess] < base64 inputs, one per line\n"
         "Reads each URL with libcurl's curl_url_set (CURLU_NON_SUPPORT_SCHEME,"
         " and CURLU_GUESS_SCHEME with \"guess\") and writes one JSON record"
         " per input.");
    return 0;
  }
  if(argc > 1 && !strcmp(argv[1], "guess"))
    flags |= CURLU_GUESS_SCHEME;
  while((len = getline(&line, &cap, stdin)) >= 0) {
    unsigned char *in;
    long n;
    CURLU *h;
    CURLUcode rc;
    while(len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
      line[--len] = 0;
    in = malloc((size_t)len + 1);
    if(!in)
      return 2;
    n = unb64(line, (size_t)len, in);
    if(n < 0) {
      fprintf(stderr, "read: bad base64 input\n");
      return 2;
    }
    in[n] = 0; /* a C string: the URL ends at its first NUL byte */
    h = curl_url();
    rc = curl_url_set(h, CURLUPART_URL, (const char *)in, flags);
    if(rc != CURLUE_OK) {
      printf("{\"ok\":false,\"error\":\"%s (%d)\"}\n", curl_url_strerror(rc),
             (int)rc);
    }
    else {
      char *scheme = get(h, CURLUPART_SCHEME);
      char *user = get(h, CURLUPART_USER);
      char *password = get(h, CURLUPART_PASSWORD);
      char *options = get(h, CURLUPART_OPTIONS);
      char *host = get(h, CURLUPART_HOST);
      char *port = get(h, CURLUPART_PORT);
      char *path = get(h, CURLUPART_PATH);
      char *query = get(h, CURLUPART_QUERY);
      char *fragment = get(h, CURLUPART_FRAGMENT);
      printf("{\"ok\":true,\"scheme\":");
      put_str(scheme);
      /* userinfo: user, ":" password, ";" options, as curl_url_get of
         CURLUPART_URL writes them */
      printf(",\"userinfo\":");
      if(user || password || options) {
        size_t ul = user ? strlen(user) : 0;
        size_t pl = password ? strlen(password) + 1 : 0;
        size_t ol = options ? strlen(options) + 1 : 0;
        char *ui = malloc(ul + pl + ol + 1);
        if(!ui)
          return 2;
        ui[0] = 0;
        if(user)
          strcat(ui, user);
        if(password) {
          strcat(ui, ":");
          strcat(ui, password);
        }
        if(options) {
          strcat(ui, ";");
          strcat(ui, options);
        }
        put_str(ui);
        free(ui);
      }
      else
        put_str(NULL);
      printf(",\"host\":");
      put_str(host);
      printf(",\"port\":");
      put_str(port);
      printf(",\"path\":");
      put_str(path);
      printf(",\"query\":");
      put_str(query);
      printf(",\"fragment\":");
      put_str(fragment);
      printf("}\n");
      curl_free(scheme);
      curl_free(user);
      curl_free(password);
      curl_free(options);
      curl_free(host);
      curl_free(port);
      curl_free(path);
      curl_free(query);
      curl_free(fragment);
    }
    curl_url_cleanup(h);
    free(in);
  }
  free(line);
  return 0;
}
