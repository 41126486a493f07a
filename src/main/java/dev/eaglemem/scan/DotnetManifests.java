package dev.eaglemem.scan;

import java.util.ArrayList;
import java.util.List;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/** .NET: SDK-style project files (*.csproj, *.fsproj, *.vbproj) through the JDK's StAX parser. */
final class DotnetManifests {

    /** Matched on the project SDK and on package ids. */
    static final Catalog FRAMEWORKS = Catalog.prefixes("Microsoft.NET.Sdk.Web", "ASP.NET Core",
            "Microsoft.NET.Sdk.BlazorWebAssembly", "Blazor", "Microsoft.AspNetCore.Components", "Blazor",
            "Microsoft.AspNetCore", "ASP.NET Core", "Microsoft.Maui", "MAUI", "Avalonia", "Avalonia",
            "Microsoft.NET.Sdk.Worker", "Worker Service", "Microsoft.Azure.Functions", "Azure Functions",
            "Microsoft.EntityFrameworkCore", "Entity Framework Core", "Grpc.AspNetCore", "gRPC", "MediatR", "MediatR");
    static final Catalog TESTS = Catalog.prefixes("xunit", "xUnit", "NUnit", "NUnit", "MSTest", "MSTest", "SpecFlow",
            "SpecFlow", "Reqnroll", "Reqnroll");

    private DotnetManifests() {
    }

    static void project(ManifestFile m, Findings f) throws XMLStreamException {
        List<String> names = new ArrayList<>();
        int packages = 0;
        boolean test = false;
        boolean exe = false;
        XMLStreamReader r = m.xml();
        String element = null;
        StringBuilder text = new StringBuilder();
        try {
            while (r.hasNext()) {
                int event = r.next();
                if (event == XMLStreamConstants.START_ELEMENT) {
                    element = r.getLocalName();
                    text.setLength(0);
                    if (element.equals("Project") && r.getAttributeValue(null, "Sdk") != null) {
                        String sdk = r.getAttributeValue(null, "Sdk");
                        names.add(sdk);
                        exe |= sdk.endsWith(".Web") || sdk.endsWith(".Worker"); // these SDKs build an executable
                    } else if (element.equals("PackageReference") && r.getAttributeValue(null, "Include") != null) {
                        names.add(r.getAttributeValue(null, "Include"));
                        packages++;
                        test |= r.getAttributeValue(null, "Include").equals("Microsoft.NET.Test.Sdk");
                    }
                } else if (event == XMLStreamConstants.CHARACTERS) {
                    text.append(r.getText());
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    String value = text.toString().strip();
                    switch (r.getLocalName()) {
                        case "IsTestProject" -> test |= value.equalsIgnoreCase("true");
                        case "OutputType" -> exe |= value.equalsIgnoreCase("Exe") || value.equalsIgnoreCase("WinExe");
                        case "UseMaui" -> addIf(names, value, "Microsoft.Maui");
                        case "UseWPF" -> addIf(names, value, "WPF");
                        case "UseWindowsForms" -> addIf(names, value, "Windows Forms");
                        default -> {
                        }
                    }
                    text.setLength(0);
                }
            }
        } finally {
            r.close();
        }
        if (packages > 0) {
            // a test project's packages are all for testing
            f.dependencies(m.path(), "nuget", test ? 0 : packages, test ? packages : 0);
        }
        FRAMEWORKS.frameworks(names, m.path(), f);
        TESTS.testFrameworks(names, f);
        if (names.contains("WPF")) {
            f.framework("WPF", m.path(), 90);
        }
        if (names.contains("Windows Forms")) {
            f.framework("Windows Forms", m.path(), 91);
        }
        if (exe && !test) {
            f.entry(m.path(), "bin", "dotnet run --project " + m.path());
        }
    }

    private static void addIf(List<String> names, String value, String name) {
        if (value.equalsIgnoreCase("true")) {
            names.add(name);
        }
    }
}
