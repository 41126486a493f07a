package dev.eaglemem.redact;

import java.util.List;
import java.util.Set;

/**
 * 32-byte private keys written as hex: Ethereum and other secp256k1/ed25519 keys, {@code 0x} + 64 hex digits.
 *
 * <p>That shape is also every public 32-byte value of the same chains: transaction and block hashes, event topics,
 * storage slots, Merkle roots, role ids. Nothing in the value tells them apart, so the words before it on its line
 * decide (for a list item alone on its line, the nearest line above with words: {@code "topics": [}). The nearest
 * telling word settles it:
 * <ul>
 * <li>a public word ({@code hash}, {@code tx}, {@code block}, {@code topics}, {@code root}, {@code slot}, …, and any
 *     name ending in "hash", such as {@code TYPEHASH}) keeps the value;
 * <li>a key word ({@code key}, {@code private}, {@code secret}, {@code wallet}, {@code signer}, {@code accounts},
 *     …) replaces it;
 * <li>no telling word replaces it. A key pasted without a label ({@code found it: 0x…}) is exactly the case to catch,
 *     and the price is an unlabelled tx hash in prose ({@code see 0x…}) becoming {@code [REDACTED]}.
 * </ul>
 * Inside a URL the value is a path or query part (explorers: {@code /tx/0x…}) and is kept; a key in a query has a
 * name ({@code ?privateKey=0x…}), which {@link Assignments} handles.
 *
 * <p>Without {@code 0x}, 64 hex digits are above all SHA-256 digests (lockfiles, image digests, checksums), so bare
 * hex is replaced only after an explicit private/secret word, never by default; {@code key} alone is not enough there
 * ({@code cache key 9f86d0…}).
 */
final class HexKeys implements Detector {

    static final String RULE = "hex-private-key";
    static final HexKeys INSTANCE = new HexKeys();

    static final int LOOKBACK = 160;
    private static final int RAW_LOOKBACK = 4 * LOOKBACK;
    private static final int KEY_HEX_DIGITS = 64;

    // Compared with SecretNames.words() parts, which split at case and digit changes: "txHash" is tx, hash.
    private static final Set<String> PUBLIC_WORDS = Set.of(
            "hash", "hashes", "tx", "txs", "txn", "txid", "transaction", "transactions", "block", "blocks", "topic",
            "topics", "root", "roots", "slot", "slots", "digest", "checksum", "sha", "keccak", "commitment",
            "nullifier", "merkle", "leaf", "leaves", "proof", "receipt", "event", "log", "logs", "id", "ids", "role",
            "salt", "public", "pub", "pubkey", "publickey", "uncles",
            // ABI values: event data, eth_call results and typed arguments ("bytes32", "uint256") are public. Not
            // "value": in "- name: PRIVATE_KEY\n  value: 0x…" (k8s env, CI variable APIs) it holds the key.
            "data", "result", "results", "output", "return", "returns", "bytes", "uint", "int",
            // 32-byte addresses and object ids of Move chains (Sui, Aptos) and Starknet.
            "address", "object", "objects", "package", "contract", "sender", "recipient");
    // Words that name the holder of a key: hardhat's "accounts: ['0x…']", ethers' new Wallet('0x…'), a signer.
    private static final Set<String> KEY_WORDS = Set.of(
            "key", "keys", "private", "priv", "privkey", "privatekey", "secret", "secretkey", "sk", "pk", "seed",
            "mnemonic", "wallet", "signer", "deployer", "account", "accounts");
    // Without "0x" a label must say private: "key" alone also names cache keys and digests.
    private static final Set<String> STRONG_WORDS = Set.of(
            "private", "priv", "privkey", "privatekey", "secret", "secretkey", "seed", "mnemonic");

    private HexKeys() {
    }

    @Override
    public void find(String text, List<Finding> sink) {
        int n = text.length();
        int i = 0;
        while (i < n) {
            if (!isWordChar(text.charAt(i))) {
                i++;
                continue;
            }
            // A whole word, so 20-byte addresses, 65-byte signatures, calldata and "0x…z" never count.
            int start = i;
            while (i < n && isWordChar(text.charAt(i))) {
                i++;
            }
            boolean prefixed = isPrefix(text, start);
            int digits = prefixed ? start + 2 : start;
            if (i - digits == KEY_HEX_DIGITS && allHex(text, digits, i) && isKey(text, start, prefixed)) {
                sink.add(new Finding(RULE, start, i));
            }
        }
    }

    private static boolean allHex(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!isHex(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isKey(String text, int start, boolean prefixed) {
        if (inUrl(text, start)) {
            return false;
        }
        List<String> words = SecretNames.words(wordsBefore(text, start));
        for (int w = words.size() - 1; w >= 0; w--) {
            String word = words.get(w);
            // "public key" is two words whose nearest one, "key", would otherwise decide.
            boolean publicKey = word.startsWith("key") && w > 0 && words.get(w - 1).startsWith("pub");
            if (publicKey || PUBLIC_WORDS.contains(word) || word.endsWith("hash")) {
                return false;
            }
            if (prefixed ? KEY_WORDS.contains(word) : STRONG_WORDS.contains(word)) {
                return true;
            }
        }
        return prefixed;
    }

    /**
     * The label text for the value at {@code start}: its own line up to the value, with hex values cut out. When that
     * holds no letters (the second item of a list, {@code   "0x…",}), the lines above count too, up to the nearest
     * one with words ({@code "topics": [}); a line of prose or another label above is never read. At most
     * {@value #LOOKBACK} characters, from a bounded stretch of raw text.
     */
    private static String wordsBefore(String text, int start) {
        StringBuilder out = new StringBuilder(LOOKBACK);
        int i = Math.max(0, start - RAW_LOOKBACK);
        while (i < start) {
            if (isPrefix(text, i) && (i == 0 || !isWordChar(text.charAt(i - 1)))) {
                int end = i + 2;
                while (end < start && isHex(text.charAt(end))) {
                    end++;
                }
                out.append(' ');
                i = end;
            } else {
                out.append(text.charAt(i));
                i++;
            }
        }
        int from = out.length();
        do {
            from = out.lastIndexOf("\n", from - 1);
        } while (from > 0 && !hasLetter(out, from + 1));
        int labelStart = Math.max(Math.max(from, 0), out.length() - LOOKBACK);
        return out.substring(labelStart);
    }

    private static boolean hasLetter(CharSequence s, int from) {
        for (int i = from; i < s.length() && s.charAt(i) != '\n'; i++) {
            if (Character.isLetter(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** The token around {@code start} holds "://": the value is part of a URL. */
    private static boolean inUrl(String text, int start) {
        for (int i = start - 1; i >= 0 && start - i < 2048; i--) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c) || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`') {
                return false;
            }
            if (c == '/' && i >= 2 && text.startsWith("://", i - 2)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPrefix(String text, int i) {
        return i + 1 < text.length() && text.charAt(i) == '0'
                && (text.charAt(i + 1) == 'x' || text.charAt(i + 1) == 'X');
    }

    private static boolean isHex(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    private static boolean isWordChar(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }
}
