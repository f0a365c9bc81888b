package dev.gpudra.deviceclasses;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ArchitectureTest {
  private final JavaClasses classes =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.gpudra.deviceclasses");

  @Test
  @DisplayName("the DeviceClass model never touches a Kubernetes client or gRPC")
  void noClient() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.fabric8.kubernetes.client..", "io.grpc..")
        .check(classes);
  }

  @Test
  @DisplayName("the DeviceClass model holds selectors as text: no CEL, no allocator")
  void modelIndependentOfCel() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.cel..", "dev.gpudra.allocator..")
        .check(classes);
  }
}
