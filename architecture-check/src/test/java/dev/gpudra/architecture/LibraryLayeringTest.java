package dev.gpudra.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/architecture.md's layering at class level: dependencies point from tools, tests and
 * packaging towards libraries, never back. The parent POM's enforcer rules hold the same line
 * between Maven modules; this holds it between the packages each module owns.
 */
class LibraryLayeringTest {
  /** The root packages of the deployable (cli), the packaging and the tools. */
  static final List<String> NOT_LIBRARIES =
      List.of(
          "dev.gpudra.cli..",
          "dev.gpudra.chart..",
          "dev.gpudra.localcluster..",
          "dev.gpudra.realcluster..",
          "dev.gpudra.testsupport..",
          "dev.gpudra.testfixtures..",
          "dev.gpudra.buildtools..",
          "dev.gpudra.imagepush..",
          "dev.gpudra.bench..",
          "dev.gpudra.benchmarks..",
          "dev.gpudra.demo..",
          "dev.gpudra.tools..");

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = MainClasses.all();
  }

  static List<String> notLibraries() {
    return NOT_LIBRARIES;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("notLibraries")
  @DisplayName("no library class depends on the deployable, the packaging or a tool")
  void librariesNeverDependOn(String notLibrary) {
    noClasses()
        .that()
        .resideOutsideOfPackages(NOT_LIBRARIES.toArray(String[]::new))
        .should()
        .dependOnClassesThat()
        .resideInAPackage(notLibrary)
        .check(classes);
  }
}
