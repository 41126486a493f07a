package dev.eaglemem.feature;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectFilesTest {

    @TempDir
    Path tmp;

    @Test
    void absoluteRelativeAndDotDotPathsBecomeRootRelative() {
        Path root = tmp.resolve("shop");
        assertThat(ProjectFiles.relative(root, root + "/src/cart.ts")).contains("src/cart.ts");
        assertThat(ProjectFiles.relative(root, "src/cart.ts")).contains("src/cart.ts");
        assertThat(ProjectFiles.relative(root, "./src/../lib/x.ts")).contains("lib/x.ts");
        assertThat(ProjectFiles.relative(root, root + "/src/../src/cart.ts")).contains("src/cart.ts");
    }

    @Test
    void filesOutsideTheRootAndTheRootItselfAreIgnored() {
        Path root = tmp.resolve("shop");
        assertThat(ProjectFiles.relative(root, "../other/cart.ts")).isEmpty();
        assertThat(ProjectFiles.relative(root, tmp.resolve("shop2/cart.ts").toString())).isEmpty();
        assertThat(ProjectFiles.relative(root, "/etc/passwd")).isEmpty();
        assertThat(ProjectFiles.relative(root, root.toString())).isEmpty();
        assertThat(ProjectFiles.relative(root, " ")).isEmpty();
    }

    @Test
    void aSymlinkedCheckoutMapsToTheRealRoot() throws IOException {
        Path real = Files.createDirectories(tmp.resolve("real/shop/src"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("real/shop"));
        Path root = tmp.resolve("real/shop").toRealPath();
        assertThat(ProjectFiles.relative(root, link.resolve("src/cart.ts").toString())).contains("src/cart.ts");
        assertThat(real).exists();
    }
}
