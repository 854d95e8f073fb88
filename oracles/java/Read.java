// Read.java: the java oracle. It reads URIs with java.net.URI (new URI(s),
// then getScheme, getRawUserInfo, getHost, getPort, getRawPath, getRawQuery,
// getRawFragment) and speaks the protocol of oracles.Run: base64 inputs on
// standard input, one per line; one JSON record per input on standard
// output.
//
// Run: java Read.java < inputs   (single-file source launch, Java 11+)
//
// The input's bytes become the String as Go reads UTF-8: each byte of an
// invalid sequence is one U+FFFD (see readers/java.go).
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

public class Read {
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("--help")) {
            System.out.println("usage: java Read.java < base64 inputs, one per line\n"
                + "Reads each input with new java.net.URI(s) and writes one JSON record per input.");
            return;
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII), 1 << 16);
        String line;
        while ((line = in.readLine()) != null) {
            String s = goString(Base64.getDecoder().decode(line.trim()));
            StringBuilder b = new StringBuilder();
            try {
                URI u = new URI(s);
                b.append("{\"ok\":true");
                field(b, "scheme", u.getScheme());
                field(b, "userinfo", u.getRawUserInfo());
                field(b, "host", u.getHost());
                field(b, "port", u.getPort() == -1 ? null : Integer.toString(u.getPort()));
                field(b, "path", u.getRawPath());
                field(b, "query", u.getRawQuery());
                field(b, "fragment", u.getRawFragment());
                b.append('}');
            } catch (URISyntaxException e) {
                b.append("{\"ok\":false,\"error\":\"").append(jsonText("URISyntaxException: " + e.getReason() + " at index " + e.getIndex())).append("\"}");
            } catch (RuntimeException e) {
                b.append("{\"ok\":false,\"error\":\"").append(jsonText(e.getClass().getName() + ": " + e.getMessage())).append("\"}");
            }
            out.write(b.toString());
            out.write('\n');
        }
        out.flush();
    }

    static void field(StringBuilder b, String name, String v) {
        b.append(",\"").append(name).append("\":");
        if (v == null) {
            b.append("null");
        } else {
            b.append('"').append(Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.UTF_8))).append('"');
        }
    }

    // jsonText escapes s for a JSON string, in ASCII.
    static String jsonText(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    // goString decodes UTF-8 as Go's unicode/utf8 does: a valid sequence is
    // its character; any other byte is one U+FFFD.
    static String goString(byte[] a) {
        StringBuilder b = new StringBuilder(a.length);
        int i = 0;
        while (i < a.length) {
            int c = a[i] & 0xff;
            if (c < 0x80) {
                b.append((char) c);
                i++;
                continue;
            }
            int n = 0, lo = 0x80, hi = 0xbf, cp = 0;
            if (c >= 0xc2 && c <= 0xdf) { n = 1; cp = c & 0x1f; }
            else if (c == 0xe0) { n = 2; lo = 0xa0; cp = c & 0x0f; }
            else if (c >= 0xe1 && c <= 0xec || c == 0xee || c == 0xef) { n = 2; cp = c & 0x0f; }
            else if (c == 0xed) { n = 2; hi = 0x9f; cp = c & 0x0f; }
            else if (c == 0xf0) { n = 3; lo = 0x90; cp = c & 0x07; }
            else if (c >= 0xf1 && c <= 0xf3) { n = 3; cp = c & 0x07; }
            else if (c == 0xf4) { n = 3; hi = 0x8f; cp = c & 0x07; }
            boolean ok = n > 0;
            if (ok) {
                for (int k = 1; k <= n; k++) {
                    if (i + k >= a.length) { ok = false; break; }
                    int d = a[i + k] & 0xff;
                    int l = k == 1 ? lo : 0x80, h = k == 1 ? hi : 0xbf;
                    if (d < l || d > h) { ok = false; break; }
                    cp = (cp << 6) | (d & 0x3f);
                }
            }
            if (!ok) {
                b.append('\uFFFD');
                i++;
                continue;
            }
            b.appendCodePoint(cp);
            i += n + 1;
        }
        return b.toString();
    }
}
