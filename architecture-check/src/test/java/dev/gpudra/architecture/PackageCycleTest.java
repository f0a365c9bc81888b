package dev.gpudra.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** No package cycles in any module's main classes: libraries, the deployable and the tools. */
class PackageCycleTest {
  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = MainClasses.all();
  }

  @Test
  @DisplayName("every module's main classes were imported, tools included")
  void importsEveryModule() {
    assertThat(classes.containPackage("dev.gpudra.kit")).isTrue();
    assertThat(classes.containPackage("dev.gpudra.cli")).isTrue();
    assertThat(classes.containPackage("dev.gpudra.demo")).isTrue();
    assertThat(classes.containPackage("dev.gpudra.localcluster")).isTrue();
    assertThat(classes.containPackage("dev.gpudra.realcluster")).isTrue();
  }

  @Test
  @DisplayName("no package depends, directly or through others, on a package that depends on it")
  void noPackageCycles() {
    slices().matching("dev.gpudra.(**)").should().beFreeOfCycles().check(classes);
  }
}
