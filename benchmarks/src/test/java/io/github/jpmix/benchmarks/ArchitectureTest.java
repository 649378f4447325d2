package io.github.jpmix.benchmarks;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.github.jpmix.testing.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module arrows ({@link ArchitectureRules}) seen from benchmarks: every module but pmix-tool
 * (which benchmarks does not depend on; pmix-tool's {@code ArchitectureTest} covers it). Benchmarks
 * may import any module's internal packages, since it measures internals; nothing may depend on it,
 * and its own packages must form no cycle.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = ArchitectureRules.mainClasses();
    }

    @Test
    void shouldSeeEveryModuleButTool() {
        for (String p : new String[] {"common", "regex", "gds", "client", "server", "benchmarks"}) {
            if (!classes.containPackage("io.github.jpmix." + p)) {
                throw new AssertionError("no classes of io.github.jpmix." + p + " on the class path");
            }
        }
    }

    @Test
    void shouldKeepTheModuleLayers() {
        ArchitectureRules.MODULE_LAYERS.check(classes);
    }

    @Test
    void shouldNotImportAnotherModulesInternals() {
        ArchitectureRules.NO_FOREIGN_INTERNALS.check(classes);
    }

    @Test
    void shouldHaveNoPackageCycles() {
        ArchitectureRules.NO_PACKAGE_CYCLES.check(classes);
    }
}
