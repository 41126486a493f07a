package dev.eaglemem.redact;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** 32-byte hex private keys: replaced unless the words before them say the value is a public hash, slot or id. */
class HexKeysTest {

    private static final String KEY = "0x" + Fakes.random(Fakes.HEX, 64, 61);
    private static final String OTHER = "0x" + Fakes.random(Fakes.HEX, 64, 62);
    private static final String BARE = Fakes.random(Fakes.HEX, 64, 63);

    @ParameterizedTest
    @ValueSource(strings = {
            "%s",
            "found it: %s",
            "Private Key: %s",
            "const wallet = new ethers.Wallet(\"%s\", provider);",
            "{\"signer\":\"%s\",\"chainId\":11155111}",
            "relayer:\n  key: '%s'",
            "[relay] using signer key %s for nonce 17",
            "block 6123456 was fine; then the deployer used %s",
            "forge script Deploy.s.sol --broadcast --private-key %s",
            "env:\n  - name: PRIVATE_KEY\n    value: \"%s\"",
            "{\"key\": \"RELAYER_PK\", \"value\": \"%s\", \"target\": [\"production\"]}" })
    void replacesPrefixedKeysUnlessTheContextSaysPublic(String template) {
        assertThat(find(template.formatted(KEY))).containsExactly(KEY);
    }

    @Test
    void replacesEveryKeyOfAList() {
        String text = "accounts: [\n  \"" + KEY + "\",\n  \"" + OTHER + "\"\n]";

        assertThat(find(text)).containsExactly(KEY, OTHER);
    }

    @Test
    void takesAnUpperCasePrefixAndDigitsToo() {
        String upper = "0X" + KEY.substring(2).toUpperCase(Locale.ROOT);

        assertThat(find("key " + upper)).containsExactly(upper);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "tx hash %s",
            "{\"blockHash\":\"%s\",\"transactionHash\":\"%s\"}",
            "bytes32 internal constant IMPLEMENTATION_SLOT = %s;",
            "bytes32 public constant PERMIT_TYPEHASH = %s;",
            "bytes32 public constant MINTER_ROLE = %s;",
            "merkleRoot: %s",
            "\"data\": \"%s\",",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"%s\"}",
            "publicKey: %s",
            "│ objectId      │  %s │",
            "see https://sepolia.etherscan.io/tx/%s for details",
            "keccak256(\"hello\") = %s" })
    void keepsPublicThirtyTwoByteValues(String template) {
        assertThat(find(template.replace("%s", KEY))).isEmpty();
    }

    @Test
    void aLabelCountsForEveryValueOfItsList() {
        String text = "\"topics\": [\n    \"" + OTHER + "\",\n    \"" + OTHER + "\",\n    \"" + KEY + "\"\n]";

        assertThat(find(text)).isEmpty();
    }

    @Test
    void aLabelOnAnEarlierLineWithWordsDoesNotCount() {
        assertThat(find("  ✓ keccak256(\"hello\") = " + OTHER + "\nThe mint went through: " + KEY))
                .containsExactly(KEY);
    }

    @Test
    void theNearestTellingWordDecides() {
        assertThat(find("tx " + OTHER + " was signed with key " + KEY)).containsExactly(KEY);
        assertThat(find("private key " + KEY + " sent tx " + OTHER)).containsExactly(KEY);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "0x" + "ab12", "address 0x742d35cc6634c0532925a3b844bc454e4438f44e", "signature: 0x%s%s",
            "calldata 0xa9059cbb%s%s", "0x%s1", "id=0x%sz", "x0x%s" })
    void needsExactlyThirtyTwoBytesStandingAlone(String template) {
        String text = template.replace("%s", KEY.substring(2));

        assertThat(find(text)).isEmpty();
    }

    @Test
    void bareHexNeedsAnExplicitPrivateLabel() {
        assertThat(find("private key: " + BARE)).containsExactly(BARE);
        assertThat(find("seed " + BARE)).containsExactly(BARE);
        assertThat(find(BARE + "  dist/eagle-mem.tar.gz")).isEmpty();
        assertThat(find("checksum = \"" + BARE + "\"")).isEmpty();
        assertThat(find("Cache restored from key: " + BARE)).isEmpty();
        assertThat(find("registry.acme.io/shop/api@sha256:" + BARE)).isEmpty();
    }

    @Test
    void theRedactorReplacesTheWholeValue() {
        assertThat(Redactor.defaults().redact("found it: " + KEY + ", rotate it"))
                .isEqualTo("found it: [REDACTED], rotate it");
        assertThat(Redactor.defaults().redact("tx " + KEY)).isEqualTo("tx " + KEY);
    }

    private static List<String> find(String text) {
        List<Finding> findings = new ArrayList<>();
        HexKeys.INSTANCE.find(text, findings);
        return findings.stream().map(f -> text.substring(f.start(), f.end())).toList();
    }
}
