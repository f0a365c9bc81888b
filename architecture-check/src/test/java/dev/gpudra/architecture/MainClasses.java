package dev.gpudra.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/** The main classes of every gpu-dra module on this module's test classpath, tests left out. */
final class MainClasses {
  private MainClasses() {}

  static JavaClasses all() {
    return new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(location -> !location.contains("/architecture-check/"))
        .importPackages("dev.gpudra");
  }
}
