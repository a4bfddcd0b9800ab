// Lists the exported API of the Go package in the folder given, one declaration a line,
// sorted: what tools/kit_api.py compares with the record of the last release.
package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strings"
)

func main() {
	dir := os.Args[1]
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(info os.FileInfo) bool {
		return !strings.HasSuffix(info.Name(), "_test.go")
	}, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var files []*ast.File
	for _, pkg := range pkgs {
		for _, file := range pkg.Files {
			files = append(files, file)
		}
	}
	config := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := config.Check("kit", fset, files, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	short := func(other *types.Package) string {
		if other == pkg {
			return ""
		}
		return other.Name()
	}
	var lines []string
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		object := scope.Lookup(name)
		if !object.Exported() {
			continue
		}
		typeName, ok := object.(*types.TypeName)
		if !ok || typeName.IsAlias() {
			lines = append(lines, types.ObjectString(object, short))
			continue
		}
		named := typeName.Type().(*types.Named)
		if _, ok := named.Underlying().(*types.Struct); ok {
			// A struct's exported fields are lines of their own: adding one breaks no caller.
			lines = append(lines, "type "+name+" struct")
		} else {
			lines = append(lines, types.ObjectString(object, short))
		}
		methods := types.NewMethodSet(types.NewPointer(named))
		for i := 0; i < methods.Len(); i++ {
			method := methods.At(i).Obj()
			if method.Exported() {
				lines = append(lines, types.ObjectString(method, short))
			}
		}
		if structure, ok := named.Underlying().(*types.Struct); ok {
			for i := 0; i < structure.NumFields(); i++ {
				if field := structure.Field(i); field.Exported() {
					lines = append(lines, name+"."+types.ObjectString(field, short))
				}
			}
		}
	}
	sort.Strings(lines)
	for _, line := range lines {
		fmt.Println(line)
	}
}
