package io.github.jpmix.tool;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.ArchRule;
import io.github.jpmix.testing.ArchitectureRules;
import io.github.jpmix.tool.cli.Pmixrun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module arrows ({@link ArchitectureRules}) over every module pmix-tool sees: pmix-common,
 * pmix-regex, pmix-gds, pmix-client, pmix-server and pmix-tool (benchmarks, which nothing depends on,
 * has its own {@code ArchitectureTest}). And pmix-tool's own rule: only {@link Pmixrun}, the
 * {@code pmixrun} entry point, uses pmix-server, an optional dependency, so that an application that
 * depends on pmix-tool for {@code PmixTool} does not need the server.
 */
class ArchitectureTest {
    /** pmix-tool uses pmix-server only in {@link Pmixrun}. */
    static final ArchRule ONLY_PMIXRUN_USES_THE_SERVER = noClasses()
            .that().resideInAPackage("io.github.jpmix.tool..")
            .and().doNotHaveFullyQualifiedName(Pmixrun.class.getName())
            .should().dependOnClassesThat().resideInAPackage("io.github.jpmix.server..")
            .because("pmix-server is an optional dependency of pmix-tool, for bin/pmixrun only");

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = ArchitectureRules.mainClasses();
    }

    @Test
    void shouldSeeEveryModuleButBenchmarks() {
        for (String p : new String[] {"common", "regex", "gds", "client", "server", "tool"}) {
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

    @Test
    void shouldUseTheServerOnlyInPmixrun() {
        ONLY_PMIXRUN_USES_THE_SERVER.check(classes);
    }
}
