package dev.eaglemem.code;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import dev.eaglemem.config.LogFile;
import dev.eaglemem.redact.Redactor;
import dev.eaglemem.store.CodeStore;
import dev.eaglemem.store.GraphStore;
import dev.eaglemem.store.ProjectStore;
import dev.eaglemem.store.TestDb;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index on a real database and a small multi-language repository written here: a first run stores every
 * file; a re-run parses nothing; an edit, a delete and a rename change exactly the rows of those files, and the
 * imports that pointed at a renamed file follow it once the importer does.
 */
class CodeIndexerTest {

    static final String PROJECT = "acme/shop";
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-25T10:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;
    Path repo;
    TestDb t;
    CodeIndexer indexer;
    final CodeStore code = new CodeStore();
    final GraphStore graph = new GraphStore();

    @BeforeEach
    void setUp() throws IOException {
        repo = Files.createDirectories(dir.resolve("repo"));
        t = TestDb.in(Files.createDirectories(dir.resolve("data")));
        indexer = new CodeIndexer(t.db, code, new ProjectStore(), Redactor.defaults(), CLOCK,
                new LogFile(dir.resolve("eagle-mem.log"), CLOCK));
        write("src/cart/checkout.ts", """
                import { retryPolicy } from './retry';

                /** Charges the card, retrying once when the gateway times out. */
                export function retryCheckout(cart: Cart): Receipt {
                  return retryPolicy(() => charge(cart));
                }
                """);
        write("src/cart/retry.ts", """
                export function retryPolicy<T>(work: () => T): T {
                  try { return work(); } catch (e) { return work(); }
                }
                """);
        write("app/models.py", """
                import os

                class Order:
                    def total(self):
                        return sum(line.price for line in self.lines)
                """);
        write("README.md", "# Shop\n\nThe shop.\n");
        write("logo.png", "\u0000PNG\u0000binary");
    }

    @AfterEach
    void tearDown() {
        t.close();
    }

    @Test
    void firstRunStoresEveryTextFileAndSecondRunParsesNothing() {
        IndexReport first = run(false);
        assertThat(first.files()).isEqualTo(5);
        assertThat(first.indexed()).isEqualTo(4);
        assertThat(first.skipped()).as("the binary").isEqualTo(1);
        assertThat(paths()).containsExactly("README.md", "app/models.py", "src/cart/checkout.ts", "src/cart/retry.ts");
        assertThat(first.chunks()).isGreaterThanOrEqualTo(4);
        assertThat(importTarget("src/cart/checkout.ts", "./retry")).isEqualTo("src/cart/retry.ts");

        IndexReport second = run(false);
        assertThat(second.indexed()).isZero();
        assertThat(second.unchanged()).isEqualTo(4);
        assertThat(second.removed()).isZero();
        assertThat(second.chunks()).isEqualTo(first.chunks());
    }

    @Test
    void anEditReplacesOnlyThatFilesRows() throws IOException {
        run(false);
        long retryId = t.db.read(tx -> code.files(tx, PROJECT)).get("src/cart/retry.ts").id();
        write("src/cart/checkout.ts",
                "import { retryPolicy } from './retry';\nexport function payLater() { return retryPolicy(() => 1); }\n");
        IndexReport r = run(false);
        assertThat(r.indexed()).isEqualTo(1);
        assertThat(r.unchanged()).isEqualTo(3);
        assertThat(t.db.read(tx -> code.files(tx, PROJECT)).get("src/cart/retry.ts").id()).as("untouched file kept its rows")
                .isEqualTo(retryId);
        assertThat(chunkText("src/cart/checkout.ts")).contains("payLater").doesNotContain("retryCheckout");
    }

    @Test
    void deletedAndRenamedFilesLeaveNothingBehindAndImportsFollow() throws IOException, SQLException {
        run(false);
        Files.delete(repo.resolve("app/models.py"));
        Files.move(repo.resolve("src/cart/retry.ts"), repo.resolve("src/cart/backoff.ts"));
        IndexReport r = run(false);
        assertThat(r.removed()).isEqualTo(2);
        assertThat(r.indexed()).as("the renamed file").isEqualTo(1);
        assertThat(paths()).containsExactly("README.md", "src/cart/backoff.ts", "src/cart/checkout.ts");
        assertThat(rowsFor("app/models.py")).isZero();
        assertThat(rowsFor("src/cart/retry.ts")).isZero();
        assertThat(importTarget("src/cart/checkout.ts", "./retry")).as("the import's file is gone").isNull();

        write("src/cart/checkout.ts",
                "import { retryPolicy } from './backoff';\nexport function pay() { return retryPolicy(() => 1); }\n");
        run(false);
        assertThat(importTarget("src/cart/checkout.ts", "./backoff")).isEqualTo("src/cart/backoff.ts");
        List<GraphStore.Link> importers = t.db.read(tx -> graph.importersOf(tx, PROJECT, "src/cart/backoff.ts", 10));
        assertThat(importers).extracting(GraphStore.Link::path)
                .containsExactly("src/cart/checkout.ts");
    }

    @Test
    void secretsInSourceNeverReachTheDatabase() throws IOException, SQLException {
        String key = "sk-ant-api03-" + "Xq7vR2mK9pL4tN8wZ1cB5hJ3dF6gS0aE-yU2iO9pQ7rT4eW1zX8cV5bN3mM6kL0jH2gF4dSxAbCdE";
        String aws = "AKIA" + "Q3EXAMPLE7SECRT2";
        write("src/config.ts", "export const anthropicKey = '" + key + "';\nexport const awsKey = \"" + aws + "\";\n");
        run(false);
        String stored = chunkText("src/config.ts");
        assertThat(stored).doesNotContain(key).doesNotContain(aws).contains("anthropicKey");
        assertThat(dumpAllText()).doesNotContain(key).doesNotContain(aws);
    }

    /**
     * Same size, same content, new time (a checkout, a touch): hashed, not parsed. A file whose size and time are what
     * they were is not read at all.
     */
    @Test
    void aTouchedFileIsHashedNotParsedAndASameSizeEditIsParsed() throws IOException {
        Path retry = repo.resolve("src/cart/retry.ts");
        Files.setLastModifiedTime(retry, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        run(false);
        Files.setLastModifiedTime(retry, FileTime.from(Instant.parse("2026-02-01T00:00:00Z")));
        assertThat(run(false).indexed()).isZero();
        Files.writeString(retry, Files.readString(retry).replace("retryPolicy", "backoffRuns"));
        Files.setLastModifiedTime(retry, FileTime.from(Instant.parse("2026-02-01T00:00:00Z")));
        IndexReport r = run(false);
        assertThat(r.indexed()).as("a change that keeps size and time is not read, as with git, until the time moves").isZero();
        Files.setLastModifiedTime(retry, FileTime.from(Instant.parse("2026-03-01T00:00:00Z")));
        assertThat(run(false).indexed()).isEqualTo(1);
        assertThat(chunkText("src/cart/retry.ts")).contains("backoffRuns");
    }

    @Test
    void forceParsesEverythingAgain() {
        run(false);
        IndexReport r = run(true);
        assertThat(r.indexed()).isEqualTo(4);
        assertThat(r.unchanged()).isZero();
    }

    @Test
    void generatedAndOversizedFilesAreSkipped() throws IOException {
        write("node_modules/left-pad/index.js", "module.exports = function leftPad() {};\n");
        write("big.txt", "x".repeat((int) dev.eaglemem.platform.ProjectFileList.MAX_FILE_BYTES + 1));
        IndexReport r = run(false);
        assertThat(paths()).doesNotContain("big.txt").noneMatch(p -> p.startsWith("node_modules/"));
        assertThat(r.indexed()).isEqualTo(4);
    }

    private IndexReport run(boolean force) {
        return indexer.index(PROJECT, repo, force, CodeIndexer.Progress.NONE);
    }

    private List<String> paths() {
        return List.copyOf(t.db.read(tx -> code.files(tx, PROJECT)).keySet());
    }

    private String importTarget(String from, String target) {
        return t.db.read(tx -> graph.importsOf(tx, PROJECT, from, 50)).stream().filter(l -> l.target().equals(target))
                .findFirst().orElseThrow(() -> new AssertionError("no import " + target + " in " + from)).path();
    }

    private String chunkText(String path) {
        try {
            return sql("SELECT group_concat(text, '') FROM (SELECT text FROM code_chunks WHERE path = ?1 ORDER BY start_line)",
                    path);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    private long rowsFor(String path) throws SQLException {
        return Long.parseLong(sql("SELECT (SELECT count(*) FROM code_chunks WHERE path = ?1)"
                + " + (SELECT count(*) FROM code_files WHERE path = ?1)"
                + " + (SELECT count(*) FROM code_edges WHERE to_path = ?1)", path));
    }

    /** Every text column of the code tables, and the FTS index's own copy of the chunks. */
    private String dumpAllText() throws SQLException {
        return sql("SELECT group_concat(path || name || words || text, ' ') FROM code_chunks", null)
                + sql("SELECT group_concat(name || qualified, ' ') FROM code_symbols", null)
                + sql("SELECT group_concat(target, ' ') FROM code_edges", null)
                + sql("SELECT group_concat(text, ' ') FROM code_chunks_fts", null);
    }

    private String sql(String query, String arg) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + t.db.file());
                PreparedStatement ps = c.prepareStatement(query)) {
            if (arg != null) {
                ps.setString(1, arg);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return String.valueOf(rs.getString(1));
            }
        }
    }

    private void write(String path, String text) throws IOException {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
