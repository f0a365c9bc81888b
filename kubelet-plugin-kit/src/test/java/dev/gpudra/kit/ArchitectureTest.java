package dev.gpudra.kit;

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
          .importPackages("dev.gpudra.kit");

  @Test
  @DisplayName("model packages compute desired state without a Kubernetes client or gRPC")
  void modelIsPure() {
    noClasses()
        .that()
        .resideInAPackage("..model..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.fabric8.kubernetes.client..", "io.grpc..")
        .check(classes);
  }

  @Test
  @DisplayName("the driver seam does not leak gRPC or generated protobuf types")
  void seamIsProtocolFree() {
    noClasses()
        .that()
        .resideInAPackage("dev.gpudra.kit")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.grpc..", "dev.gpudra.kit.proto..")
        .check(classes);
  }
}
