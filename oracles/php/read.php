<?php
// The oracle for the reader "php": parse_url, speaking the protocol of
// oracles.Run (see ../oracle.go): base64 inputs on standard input, one per
// line; one JSON record per input on standard output. PHP strings are
// bytes, so each input reaches parse_url as it is. The record is the one
// readers.PHP documents: each key parse_url's array has, userinfo the user
// and ":" and the password when there is one, the port in decimal; false
// is the error.
//
// Usage: php read.php < inputs   (--help prints this text)

if (in_array('--help', $argv ?? [], true) || in_array('-h', $argv ?? [], true)) {
    echo "php read.php: runs parse_url on base64 inputs, one per line, and writes one JSON record per input\n";
    echo "PHP ", PHP_VERSION, "\n";
    exit(0);
}

function b64($v) {
    return $v === null ? null : base64_encode((string)$v);
}

while (($line = fgets(STDIN)) !== false) {
    $raw = base64_decode(trim($line), true);
    $u = parse_url($raw);
    if ($u === false) {
        echo json_encode(['ok' => false, 'error' => 'parse_url returned false']), "\n";
        continue;
    }
    $userinfo = null;
    if (array_key_exists('user', $u)) {
        $userinfo = $u['user'];
        if (array_key_exists('pass', $u)) {
            $userinfo .= ':' . $u['pass'];
        }
    }
    echo json_encode([
        'ok' => true,
        'scheme' => b64($u['scheme'] ?? null),
        'userinfo' => b64($userinfo),
        'host' => b64($u['host'] ?? null),
        'port' => array_key_exists('port', $u) ? b64((string)$u['port']) : null,
        'path' => b64($u['path'] ?? null),
        'query' => b64($u['query'] ?? null),
        'fragment' => b64($u['fragment'] ?? null),
    ]), "\n";
}
