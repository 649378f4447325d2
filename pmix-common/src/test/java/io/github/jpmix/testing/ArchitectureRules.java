package io.github.jpmix.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The arrows between JPMIx's modules, as ArchUnit rules over the main classes of every module on a
 * test's class path. pmix-tool's {@code ArchitectureTest} runs them over every module but benchmarks
 * (which pmix-tool does not see), benchmarks' {@code ArchitectureTest} over every module but pmix-tool
 * (which nothing may depend on), so between them every module is checked. A module is a package
 * prefix: {@code io.github.jpmix.<module>..}.
 *
 * <ul>
 *   <li>{@link #MODULE_LAYERS}: dependencies run one way, common &lt;- regex &lt;- gds &lt;- client/server
 *       &lt;- tool: regex depends only on common, gds only on common and regex, client and server not on
 *       each other, nothing on tool or benchmarks (benchmarks on anything but tool, as its pom says).</li>
 *   <li>{@link #NO_FOREIGN_INTERNALS}: no module imports another module's {@code internal} package.
 *       Exceptions: pmix-common's {@code io.github.jpmix.common.internal..} (the codec, the request
 *       contents, the shared half of the transport, the JVM flags: the byte-level contracts every side
 *       shares) may be imported by every module; benchmarks may import any internal package, because it
 *       measures internals.</li>
 *   <li>{@link #NO_PACKAGE_CYCLES}: no two packages of any module depend on each other, directly or
 *       through others, with one allowance: a module's {@code internal} packages may use the host-facing
 *       types of the module's API package that the API hands them (pmix-server's {@code HostModule}, the
 *       host's upcalls, and {@code ServerOptions}, its settings); the API package calls into internal, so
 *       these two would otherwise close a loop that is the very shape of a facade.</li>
 * </ul>
 */
public final class ArchitectureRules {
    private static final String ROOT = "io.github.jpmix";
    private static final Pattern MODULE = Pattern.compile("io\\.github\\.jpmix\\.(\\w+)(\\..*)?");
    private static final Pattern INTERNAL = Pattern.compile("io\\.github\\.jpmix\\.(\\w+)\\.internal(\\..*)?");

    private ArchitectureRules() {
    }

    /** The main classes of every JPMIx module on this class path: no test classes, no test-jar. */
    public static JavaClasses mainClasses() {
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages(ROOT);
    }

    /** common &lt;- regex &lt;- gds &lt;- client/server &lt;- tool; nothing depends on benchmarks. */
    public static final ArchRule MODULE_LAYERS = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .withOptionalLayers(true)
            .layer("pmix-common").definedBy(ROOT + ".common..")
            .layer("pmix-regex").definedBy(ROOT + ".regex..")
            .layer("pmix-gds").definedBy(ROOT + ".gds..")
            .layer("pmix-client").definedBy(ROOT + ".client..")
            .layer("pmix-server").definedBy(ROOT + ".server..")
            .layer("pmix-tool").definedBy(ROOT + ".tool..")
            .layer("benchmarks").definedBy(ROOT + ".benchmarks..")
            .whereLayer("benchmarks").mayNotBeAccessedByAnyLayer()
            .whereLayer("pmix-tool").mayNotBeAccessedByAnyLayer()
            .whereLayer("pmix-client").mayOnlyBeAccessedByLayers("pmix-tool", "benchmarks")
            .whereLayer("pmix-server").mayOnlyBeAccessedByLayers("pmix-tool", "benchmarks")
            .whereLayer("pmix-gds").mayOnlyBeAccessedByLayers("pmix-client", "pmix-server", "pmix-tool", "benchmarks")
            .whereLayer("pmix-regex").mayOnlyBeAccessedByLayers("pmix-gds", "pmix-client", "pmix-server", "pmix-tool",
                    "benchmarks")
            .because("dependencies run one way: common <- regex <- gds <- client/server <- tool (README, Modules)");

    /** No module imports another's {@code internal} package, but pmix-common's; benchmarks may import any. */
    public static final ArchRule NO_FOREIGN_INTERNALS = classes().that().resideInAPackage(ROOT + "..")
            .should(notDependOnAnotherModulesInternals())
            .because("a module's internal packages are its own; only pmix-common's byte-level contracts are shared");

    /** No package cycle, in a module or across modules (see the class comment for the one allowance). */
    public static final ArchRule NO_PACKAGE_CYCLES = slices().matching(ROOT + ".(**)")
            .should().beFreeOfCycles()
            .ignoreDependency(DescribedPredicate.describe("an internal class of pmix-server",
                            (JavaClass c) -> c.getPackageName().startsWith(ROOT + ".server.internal")),
                    DescribedPredicate.describe("the host-facing API it is handed (HostModule, ServerOptions)",
                            (JavaClass c) -> c.getName().equals(ROOT + ".server.HostModule")
                                    || c.getName().startsWith(ROOT + ".server.HostModule$")
                                    || c.getName().equals(ROOT + ".server.ServerOptions")));

    /** The module a package belongs to ({@code io.github.jpmix.gds.x} is {@code gds}), or null outside JPMIx. */
    static String module(String packageName) {
        Matcher m = MODULE.matcher(packageName);
        return m.matches() ? m.group(1) : null;
    }

    private static ArchCondition<JavaClass> notDependOnAnotherModulesInternals() {
        return new ArchCondition<>("not depend on another module's internal package (but pmix-common's)") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                String from = module(origin.getPackageName());
                if (from == null || from.equals("benchmarks")) {
                    return; // benchmarks measures internals
                }
                for (Dependency d : origin.getDirectDependenciesFromSelf()) {
                    Matcher m = INTERNAL.matcher(d.getTargetClass().getPackageName());
                    if (m.matches() && !m.group(1).equals(from) && !m.group(1).equals("common")) {
                        events.add(SimpleConditionEvent.violated(d, "pmix-" + from + " uses pmix-" + m.group(1)
                                + "'s internal package: " + d.getDescription()));
                    }
                }
            }
        };
    }
}
