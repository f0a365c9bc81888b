package dev.gpudra.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The DeviceClass model (module device-classes) is data the allocator reads: the allocator may
 * depend on it, never the other way round, so the model ships without CEL or the allocator.
 */
class DeviceClassesLayeringTest {
  static final String DEVICE_CLASSES = "dev.gpudra.deviceclasses..";
  static final String ALLOCATOR = "dev.gpudra.allocator..";

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = MainClasses.all();
  }

  @Test
  @DisplayName("both sides of the rule were imported, so it cannot pass on nothing")
  void importsBothModules() {
    assertThat(classes.containPackage("dev.gpudra.deviceclasses.model")).isTrue();
    assertThat(classes.containPackage("dev.gpudra.allocator")).isTrue();
  }

  @Test
  @DisplayName("no class of device-classes depends on the allocator, its CEL or its explain")
  void deviceClassesNeverDependOnTheAllocator() {
    noClasses()
        .that()
        .resideInAPackage(DEVICE_CLASSES)
        .should()
        .dependOnClassesThat()
        .resideInAPackage(ALLOCATOR)
        .check(classes);
  }
}
