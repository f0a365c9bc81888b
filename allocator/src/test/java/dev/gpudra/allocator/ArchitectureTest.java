package dev.gpudra.allocator;

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
          .importPackages("dev.gpudra.allocator");

  @Test
  @DisplayName("only the cluster package touches a Kubernetes client; nothing touches gRPC")
  void noClient() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.gpudra.allocator.cluster..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.fabric8.kubernetes.client..", "io.grpc..")
        .check(classes);
  }

  @Test
  @DisplayName("the pure packages never reach the cluster reader")
  void pureBelowCluster() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.gpudra.allocator.cluster..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.gpudra.allocator.cluster..")
        .check(classes);
  }

  @Test
  @DisplayName("the allocator reaches CEL only through SelectorEvaluator, never cel-java itself")
  void allocationIndependentOfCel() {
    noClasses()
        .that()
        .resideInAPackage("dev.gpudra.allocator")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.cel..", "dev.gpudra.allocator.cel..")
        .check(classes);
  }
}
