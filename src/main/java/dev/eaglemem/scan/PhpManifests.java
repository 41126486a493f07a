package dev.eaglemem.scan;

import static dev.eaglemem.scan.ManifestFile.keys;
import static dev.eaglemem.scan.ManifestFile.text;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

/** PHP: composer.json. */
final class PhpManifests {

    static final Catalog FRAMEWORKS = Catalog.exact("laravel/framework", "Laravel", "symfony/framework-bundle", "Symfony",
            "symfony/symfony", "Symfony", "slim/slim", "Slim", "cakephp/cakephp", "CakePHP", "yiisoft/yii2", "Yii",
            "laminas/laminas-mvc", "Laminas", "drupal/core", "Drupal", "drupal/core-recommended", "Drupal",
            "livewire/livewire", "Livewire", "doctrine/orm", "Doctrine ORM");
    static final Catalog TESTS = Catalog.exact("phpunit/phpunit", "PHPUnit", "pestphp/pest", "Pest", "codeception/codeception",
            "Codeception", "behat/behat", "Behat");

    private PhpManifests() {
    }

    static void composer(ManifestFile m, Findings f) throws IOException {
        JsonNode root = m.json();
        f.name(m.path(), text(root.get("name")));
        // "php" and "ext-…"/"lib-…" are platform requirements, not packages
        List<String> runtime = keys(root.get("require")).stream()
                .filter(n -> !n.equals("php") && !n.startsWith("ext-") && !n.startsWith("lib-")).toList();
        List<String> dev = keys(root.get("require-dev"));
        if (!runtime.isEmpty() || !dev.isEmpty()) {
            f.dependencies(m.path(), "composer", runtime.size(), dev.size());
        }
        List<String> all = new ArrayList<>(runtime);
        all.addAll(dev);
        FRAMEWORKS.frameworks(all, m.path(), f);
        TESTS.testFrameworks(all, f);
        for (String bin : ManifestFile.strings(root.get("bin"))) {
            String path = m.resolve(bin);
            if (path != null) {
                f.entry(path, "bin", null);
            }
        }
    }
}
