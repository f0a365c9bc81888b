package dev.gpudra.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layering rules of CONTRIBUTING.md, over every production class that ships: this module and
 * every library on its classpath (api, nvml, kubelet-plugin-kit, device-classes, allocator,
 * gpu-node, gpu-kubelet-plugin). The enforcer rules of the parent POM hold the same line between
 * modules, for every module.
 */
class LayeringTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.gpudra");
  }

  static Stream<Arguments> rules() {
    return Stream.of(boundaries(), dependencies()).flatMap(s -> s);
  }

  /** Which code may touch the API server, JNA and the GPUs. */
  private static Stream<Arguments> boundaries() {
    return Stream.of(
        rule(
            "desired-state models (and migrate's translation) never touch an API client or gRPC",
            noClasses()
                .that()
                .resideInAnyPackage(
                    "dev.gpudra.gpu.slices..",
                    "dev.gpudra.gpu.discovery..",
                    "dev.gpudra.gpu.config..",
                    "dev.gpudra.gpu.cdi..",
                    "dev.gpudra.node.cdi..",
                    "dev.gpudra.node.xid..",
                    "dev.gpudra.api..",
                    "dev.gpudra.migrate..",
                    "dev.gpudra.nvml..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.fabric8.kubernetes.client..", "io.grpc..")),
        rule(
            "only the JNA bindings touch JNA: NVML's, and libc's flock(2) for the node locks,"
                + " mount(2) for tmpfs and kill(2) for signals to supervised programs, libcrypto's"
                + " SHA-256 for large checkpoints",
            noClasses()
                .that()
                .resideOutsideOfPackages(
                    "dev.gpudra.nvml.jna..",
                    "dev.gpudra.kit.flock..",
                    "dev.gpudra.kit.mount..",
                    "dev.gpudra.kit.process..",
                    "dev.gpudra.kit.digest..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("com.sun.jna..")),
        rule(
            "only discovery, sharing (which sets GPUs), health (which watches their events), mig"
                + " (which partitions them) and the wirings (the compute-domain plugin's reads the"
                + " fabric once, the device plugin's its GPUs) call the NVML port",
            noClasses()
                .that()
                .resideOutsideOfPackages(
                    "dev.gpudra.nvml..",
                    "dev.gpudra.gpu.discovery..",
                    "dev.gpudra.gpu.sharing..",
                    "dev.gpudra.gpu.health..",
                    "dev.gpudra.gpu.mig..",
                    "dev.gpudra.gpu.plugin..",
                    "dev.gpudra.computedomain.plugin..",
                    "dev.gpudra.deviceplugin.node..",
                    "dev.gpudra.cli..")
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName("dev.gpudra.nvml.Nvml")));
  }

  /** What may depend on the deployable, the demo and the environment. */
  private static Stream<Arguments> dependencies() {
    return Stream.of(
        rule(
            "libraries never depend on the deployable",
            noClasses()
                .that()
                .resideOutsideOfPackage("dev.gpudra.cli..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.gpudra.cli..")),
        rule(
            "nothing that ships depends on the demo, the benchmarks or the test harness",
            noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                    "dev.gpudra.localcluster..",
                    "dev.gpudra.realcluster..",
                    "dev.gpudra.testsupport..",
                    "dev.gpudra.testfixtures..",
                    "dev.gpudra.demo..",
                    "dev.gpudra.tools..",
                    "dev.gpudra.bench..",
                    "dev.gpudra.benchmarks..",
                    "io.fabric8.mockwebserver..",
                    "io.fabric8.kubernetes.client.server.mock..",
                    "io.vertx..",
                    "io.netty..",
                    "org.bouncycastle..")),
        rule(
            "the environment is read only by the command line and the wiring",
            noClasses()
                .that()
                .resideOutsideOfPackages("dev.gpudra.cli..", "dev.gpudra.gpu.plugin..")
                .should()
                .callMethod(System.class, "getenv", String.class)
                .orShould()
                .callMethod(System.class, "getenv")));
  }

  private static Arguments rule(String name, ArchRule rule) {
    return Arguments.of(name, rule);
  }

  @DisplayName("layering")
  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void holds(String name, ArchRule rule) {
    rule.check(classes);
  }
}
